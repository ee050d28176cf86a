import { Link } from 'react-router';
import { Button } from './button';
import { errorText } from '../../lib/api';
import { counted } from '../../lib/format';

/** A page's title row: the heading and, on the right (below on a phone), its main action. */
export function PageHeader({
  title,
  description,
  action,
  inline = false,
}: {
  title: string;
  description?: string;
  action?: React.ReactNode;
  /** Keep a small action beside the title on a phone too (a row saved above a list). */
  inline?: boolean;
}) {
  return (
    <div
      className={`mb-5 flex gap-3 ${inline ? 'flex-row items-center justify-between sm:items-end' : 'flex-col sm:flex-row sm:items-end sm:justify-between'}`}
    >
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {description && <p className="mt-1 max-w-prose text-sm text-muted">{description}</p>}
      </div>
      {action}
    </div>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="card space-y-3 p-5" aria-live="polite">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-5 animate-pulse rounded bg-stone-100" />
      ))}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="card px-5 py-10 text-center" data-testid="empty">
      <p className="font-medium">{title}</p>
      {children && <p className="mx-auto mt-1 max-w-sm text-sm text-muted">{children}</p>}
    </div>
  );
}

export function Failed({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div role="alert" className="card border-red-200 px-5 py-8 text-center">
      <p className="font-medium text-red-800">{errorText(error)}</p>
      <Button onPress={retry} className="mt-4">
        Try again
      </Button>
    </div>
  );
}

/**
 * Previous / next page links; the page lives in the address (`?page=`), so it survives a reload.
 * `keep`: the address's other parameters (a list's filters), kept on every page.
 */
export function Pager({
  page,
  lastPage,
  total,
  noun,
  keep,
}: {
  page: number;
  lastPage: number;
  total: number;
  /** What is counted, singular: "change" ("1 change", "40 changes"). */
  noun: string;
  keep?: URLSearchParams;
}) {
  if (lastPage <= 1) return <p className="mt-3 text-sm text-muted">{counted(total, noun)}</p>;
  const link = (p: number) => {
    const params = new URLSearchParams(keep);
    params.delete('page');
    if (p > 1) params.set('page', String(p));
    return `?${params.toString()}`;
  };
  const cls = 'btn btn-outline aria-disabled:pointer-events-none aria-disabled:opacity-40';
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      <Link to={link(page - 1)} className={cls} aria-disabled={page <= 1 || undefined}>
        Previous
      </Link>
      <p className="text-sm text-muted">
        Page {page} of {lastPage} · {counted(total, noun)}
      </p>
      <Link to={link(page + 1)} className={cls} aria-disabled={page >= lastPage || undefined}>
        Next
      </Link>
    </nav>
  );
}

/** The `?page=` of the address, 1 when missing or not a page number. */
export function pageOf(params: URLSearchParams): number {
  const n = Number(params.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The keyset list's footer: "Load more" while the server has another page, else that it was all. */
export function LoadMore({
  list,
  end,
}: {
  /** A TanStack infinite query. */
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** Said under the last page: "That is every order here." */
  end: string;
}) {
  if (!list.hasNextPage) return <p className="mt-3 text-center text-sm text-muted">{end}</p>;
  return (
    <Button className="mt-3 w-full" isDisabled={list.isFetchingNextPage} onPress={() => void list.fetchNextPage()}>
      {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
    </Button>
  );
}
