import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_STATUSES, adminBlogPostsApi, type PageStatus } from '@shopfront/shared';
import { SearchBox } from '../components/ui/search-box';
import { Empty, Failed, Loading, PageHeader, Pager, pageOf } from '../components/ui/states';
import { call } from '../lib/api';
import { PAGE_STATUS_LABELS, PageStatusPill, when } from '../features/pages/status';

export const meta = () => [{ title: 'Blog · Shop admin' }];

const isStatus = (s: string | null): s is PageStatus => PAGE_STATUSES.includes(s as PageStatus);
const CHIPS = [{ value: '', label: 'All' }, ...PAGE_STATUSES.map((s) => ({ value: s, label: PAGE_STATUS_LABELS[s] }))];

/** The shop's blog posts (issue 28): search, status chips and the page in the address, last edited first. */
export default function Blog() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : '';
  const page = pageOf(params);
  const query = { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(page > 1 ? { page } : {}) };
  const list = useQuery({
    queryKey: ['blog-posts', 'list', query],
    queryFn: async () => (await call(adminBlogPostsApi.list, { query })).data,
    placeholderData: keepPreviousData,
  });
  const go = (next: { q: string; status: string }) => {
    const p = new URLSearchParams();
    if (next.q.trim()) p.set('q', next.q.trim());
    if (next.status) p.set('status', next.status);
    setParams(p);
  };
  const filtered = !!(q || status);
  const write = (
    <Link to="/blog/new" className="btn btn-primary" data-testid="new-post">
      Write a post
    </Link>
  );

  return (
    <>
      <PageHeader
        title="Blog"
        description="Stories, guides and news. Drafts and scheduled posts stay hidden from shoppers until their time."
        action={write}
      />
      <SearchBox
        id="post-search"
        label="Search posts"
        placeholder="Title or address…"
        className="mb-3"
        value={q}
        onSearch={(typed) => go({ q: typed, status })}
      />
      <div role="group" aria-label="Status" className="mb-3 flex flex-wrap gap-2" data-testid="status-chips">
        {CHIPS.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-pressed={status === c.value}
            onClick={() => go({ q, status: c.value })}
            className={`min-h-11 rounded-full px-4 text-sm font-medium ${status === c.value ? 'bg-stone-800 text-white' : 'border border-line bg-white text-ink'}`}
          >
            {c.label}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Loading label="Loading posts…" />
      ) : list.isError ? (
        <Failed error={list.error} retry={() => list.refetch()} />
      ) : list.data.posts.length === 0 ? (
        filtered ? (
          <Empty title="No posts match">Try other words, or another status.</Empty>
        ) : (
          <div className="card px-5 py-10 text-center" data-testid="empty">
            <p className="font-medium">No posts yet</p>
            <p className="mx-auto mt-1 mb-4 max-w-sm text-sm text-muted">
              Tell shoppers how things are made, how to care for them, what is new.
            </p>
            {write}
          </div>
        )
      ) : (
        <>
          <ul
            className="card divide-y divide-line overflow-hidden"
            data-testid="posts-list"
            aria-busy={list.isFetching}
          >
            {list.data.posts.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/blog/${p.id}`}
                  className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                  data-testid={`post-${p.slug}`}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold">{p.title}</span>
                    <span className="block truncate text-sm text-muted">
                      {p.author} · edited {when(p.updated_at)}
                    </span>
                    <span className="mt-1 block sm:hidden">
                      <PageStatusPill status={p.status} publishAt={p.publish_at} timeZone={list.data.time_zone} />
                    </span>
                  </span>
                  <span className="hidden sm:block">
                    <PageStatusPill status={p.status} publishAt={p.publish_at} timeZone={list.data.time_zone} />
                  </span>
                  <span aria-hidden="true" className="text-muted">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager
            page={list.data.pagination.page}
            lastPage={list.data.pagination.last_page}
            total={list.data.pagination.total}
            noun={list.data.pagination.total === 1 ? 'post' : 'posts'}
            keep={params}
          />
        </>
      )}
    </>
  );
}
