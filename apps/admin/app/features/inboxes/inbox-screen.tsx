import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPath, type AdminSubmission, type AdminSubmissionList } from '@shopfront/shared';
import { Empty, Failed, LoadMore, Loading, PageHeader } from '../../components/ui/states';
import { formatWhen } from '../../lib/format';
import { useListKeys } from '../../lib/use-list-keys';

/** The message sheet (react-aria's Modal) loads when a message is first opened, not with the list. */
const MessageSheet = lazy(() => import('./message-sheet'));

interface Props {
  /** The list's query key and test id prefix. */
  name: string;
  title: string;
  description: string;
  emptyTitle: string;
  emptyText: string;
  /** The endpoint's path (its `?format=csv` is the export). */
  path: string;
  /** The list's filter in the URL (`form`): part of the query key and of the CSV export. */
  filter?: Record<string, string>;
  /** Said under the title while a filter is on (and how to drop it). */
  notice?: ReactNode;
  load: (cursor: string | undefined, signal: AbortSignal) => Promise<AdminSubmissionList>;
}

type Field = AdminSubmissionList['fields'][number];

/** The first filled value (a name or an e-mail, by the form's order) as the row's title. */
const headline = (s: AdminSubmission, fields: Field[]) =>
  fields.map((f) => s.data[f.name]).find((v) => v?.trim()) ?? Object.values(s.data).find((v) => v.trim()) ?? '—';

const labelled = (s: AdminSubmission, fields: Field[]) => {
  const known = fields.filter((f) => f.name in s.data).map((f) => ({ label: f.label, value: s.data[f.name]! }));
  const rest = Object.keys(s.data)
    .filter((k) => !fields.some((f) => f.name === k))
    .map((k) => ({ label: k, value: s.data[k]! }));
  return [...known, ...rest];
};

/**
 * An inbox of messages sent through the shop's forms: newest first, a page at a time ("Load
 * more", keyset), a row opens the whole message, "Export CSV" downloads the whole inbox.
 */
export function InboxScreen({ name, title, description, emptyTitle, emptyText, path, filter, notice, load }: Props) {
  const list = useInfiniteQuery({
    queryKey: ['inbox', name, filter ?? {}],
    queryFn: ({ pageParam, signal }) => load(pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.submissions) ?? [];
  const fields = dedupe(list.data?.pages.flatMap((p) => p.fields) ?? []);
  const [open, setOpen] = useState<AdminSubmission | null>(null);
  const [current] = useListKeys(rows.length, (i) => setOpen(rows[i] ?? null));
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        action={
          <a
            href={endpointPath(path, undefined, { ...filter, format: 'csv' })}
            download
            className="btn btn-outline w-full sm:w-auto"
            data-testid="csv-export"
          >
            Export CSV
          </a>
        }
      />
      {notice}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Failed error={list.error} retry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Empty title={emptyTitle}>{emptyText}</Empty>
      ) : (
        <>
          <ul className="card divide-y divide-line" data-testid={`${name}-list`}>
            {rows.map((r, i) => (
              <li
                key={r.id}
                data-list-index={i}
                aria-current={current === i || undefined}
                className="aria-[current]:bg-stone-50"
              >
                <button
                  type="button"
                  onClick={() => setOpen(r)}
                  className="flex w-full flex-col gap-0.5 px-4 py-3 text-left outline-none hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:ring-2 focus-visible:ring-ink sm:px-5"
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="font-medium break-all">{headline(r, fields)}</span>
                    <span className="shrink-0 text-xs text-muted">{formatWhen(r.created_at)}</span>
                  </span>
                  <span className="line-clamp-1 text-sm text-muted">
                    {r.form_name} · {preview(r, fields)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <LoadMore list={list} end="That is every message here." />
        </>
      )}
      <Suspense fallback={null}>
        {open && <MessageSheet message={open} fields={labelled(open, fields)} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}

function dedupe(fields: Field[]): Field[] {
  const seen = new Set<string>();
  return fields.filter((f) => !seen.has(f.name) && (seen.add(f.name), true));
}

/** The rest of the message on one line (after the headline). */
function preview(s: AdminSubmission, fields: Field[]) {
  const first = headline(s, fields);
  return labelled(s, fields)
    .map((f) => f.value)
    .filter((v) => v && v !== first)
    .join(' · ');
}
