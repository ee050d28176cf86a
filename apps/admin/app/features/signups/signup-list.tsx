import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ContentPagination } from '@shopfront/shared';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../../components/ui/states';
import { SignupLists } from './signup-lists';
import { useListKeys } from '../../lib/use-list-keys';

/** One list of sign-ups as the screen shows it: where its rows come from and how one reads. */
export interface SignupSource<Row> {
  /** The query's cache key and the list's test id (`<id>-list`). */
  id: string;
  description: string;
  emptyTitle: string;
  emptyText: string;
  load: (page: number) => Promise<{ subscribers: Row[]; pagination: ContentPagination }>;
  /** The whole list as CSV: the same endpoint with `?format=csv`, a plain download with the session cookie. */
  csvHref: string;
  rowKey: (row: Row) => string;
  /** The line under the address: status, source, dates. */
  detail: (row: Row) => ReactNode;
}

/** A list of sign-ups, a page at a time, with its CSV export and the links to the other list. */
export function SignupList<Row extends { email: string }>({ source }: { source: SignupSource<Row> }) {
  const [params] = useSearchParams();
  const page = pageOf(params);
  const q = useQuery({
    queryKey: [source.id, page],
    queryFn: () => source.load(page),
    placeholderData: (prev) => prev,
  });
  const rows = q.data?.subscribers ?? [];
  const [current] = useListKeys(rows.length);
  return (
    <>
      <PageHeader
        title="Sign-ups"
        description={source.description}
        action={
          <a href={source.csvHref} download className="btn btn-outline w-full sm:w-auto" data-testid="csv-export">
            Export CSV
          </a>
        }
      />
      <SignupLists />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <Failed error={q.error} retry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={source.emptyTitle}>{source.emptyText}</Empty>
      ) : (
        <>
          <ul className="card divide-y divide-line" data-testid={`${source.id}-list`}>
            {rows.map((r, i) => (
              <li
                key={source.rowKey(r)}
                data-list-index={i}
                aria-current={current === i || undefined}
                className="flex flex-col gap-0.5 px-4 py-3 aria-[current]:bg-stone-50 sm:flex-row sm:items-center sm:justify-between sm:px-5"
              >
                <span className="font-medium break-all">{r.email}</span>
                <span className="text-sm text-muted">{source.detail(r)}</span>
              </li>
            ))}
          </ul>
          <Pager
            page={q.data.pagination.page}
            lastPage={q.data.pagination.last_page}
            total={q.data.pagination.total}
            noun="sign-up"
            keep={params}
          />
        </>
      )}
    </>
  );
}
