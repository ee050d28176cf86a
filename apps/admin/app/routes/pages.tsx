import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_STATUSES, adminPagesApi, type PageStatus } from '@shopfront/shared';
import { SearchBox } from '../components/ui/search-box';
import { Empty, Failed, Loading, PageHeader } from '../components/ui/states';
import { call } from '../lib/api';
import { PAGE_STATUS_LABELS, PageStatusPill, when } from '../features/pages/status';

export const meta = () => [{ title: 'Pages · Shop admin' }];

const isStatus = (s: string | null): s is PageStatus => PAGE_STATUSES.includes(s as PageStatus);

/** The shop's pages (issue 28): search and a status filter in the address, last edited first. */
export default function Pages() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const query = { ...(q ? { q } : {}), ...(status ? { status } : {}) };
  const list = useQuery({
    queryKey: ['pages', 'list', query],
    queryFn: async () => (await call(adminPagesApi.list, { query })).data,
    placeholderData: keepPreviousData,
  });
  const go = (next: { q: string; status: string }) => {
    const p = new URLSearchParams();
    if (next.q.trim()) p.set('q', next.q.trim());
    if (next.status) p.set('status', next.status);
    setParams(p);
  };
  const filtered = !!(q || status);

  return (
    <>
      <PageHeader
        title="Pages"
        description="About, contact, policies: text pages with their own address. Drafts and scheduled pages stay hidden from shoppers."
        action={
          <Link to="/pages/new" className="btn btn-primary" data-testid="new-page">
            New page
          </Link>
        }
      />
      <div className="mb-3 flex flex-col gap-2 sm:flex-row">
        <SearchBox
          id="page-search"
          label="Search pages"
          placeholder="Title or address…"
          value={q}
          onSearch={(typed) => go({ q: typed, status })}
        />
        <label className="sr-only" htmlFor="page-status">
          Status
        </label>
        <select
          id="page-status"
          className="input sm:w-48"
          value={status}
          onChange={(e) => go({ q, status: e.target.value })}
        >
          <option value="">Any status</option>
          {PAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAGE_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <Loading label="Loading pages…" />
      ) : list.isError ? (
        <Failed error={list.error} retry={() => list.refetch()} />
      ) : list.data.pages.length === 0 ? (
        <Empty title={filtered ? 'No pages match' : 'No pages yet'}>
          {filtered ? 'Try other words, or clear the filter.' : 'Write an About or a Contact page.'}
        </Empty>
      ) : (
        <ul className="card divide-y divide-line overflow-hidden" data-testid="pages-list" aria-busy={list.isFetching}>
          {list.data.pages.map((p) => (
            <li key={p.id}>
              <Link
                to={`/pages/${p.id}`}
                className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                data-testid={`page-${p.slug}`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{p.title}</span>
                  <span className="block truncate text-sm text-muted">
                    {p.url} · edited {when(p.updated_at)}
                  </span>
                </span>
                <PageStatusPill status={p.status} publishAt={p.publish_at} timeZone={list.data.time_zone} />
                <span aria-hidden="true" className="text-muted">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
