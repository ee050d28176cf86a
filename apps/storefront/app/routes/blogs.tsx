import { Link } from 'react-router';
import { ApiError } from '@shopfront/shared';
import type { Route } from './+types/blogs';
import { Breadcrumb, breadcrumbJsonLd } from '../components/breadcrumb';
import { Container } from '../components/container';
import { JsonLd } from '../components/json-ld';
import { Pagination } from '../components/pagination';
import { BlogCard } from '../features/blog/blog-card';
import { api } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { pageParam, pathWith } from '../lib/query';
import { useShop } from '../lib/shop';
import { SHARED_PAGE } from '../lib/shared-page';

export const handle = { ...SHARED_PAGE, page: { slug: 'blogs' } };

const TAG = /^[a-z0-9][a-z0-9-]{0,49}$/;

/** `care-guides` → `Care guides`. */
const tagLabel = (tag: string) => tag.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const rawTag = url.searchParams.get('tag');
  const tag = rawTag && TAG.test(rawTag) ? rawTag : null;
  try {
    const list = await api(context).blogList({ page, tag });
    return { list, canonical: pathWith('/blogs', { tag, page: page > 1 ? page : null }) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) throw errorResponse({ kind: 'not-found' });
    logFailure('blog list failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.list.pagination.page ?? 1;
  const tag = loaderData?.list.tag;
  const title = `Blog${tag ? `: ${tagLabel(tag)}` : ''}${page > 1 ? ` (page ${page})` : ''}`;
  return shopMeta(rootDataFrom(matches), {
    title,
    description: 'Stories, care guides and news from our workshops.',
    ...(loaderData ? { canonical: loaderData.canonical } : {}),
  });
}

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const shop = useShop();
  const crumbs = [{ label: 'Home', to: '/' }, { label: 'Blog' }];
  const chip = (active: boolean) =>
    `inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors ${
      active ? 'border-ink bg-ink text-background' : 'border-ink/15 hover:border-ink/40'
    }`;
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(crumbs, shop.host, '/blogs')} />
      <header className="border-b border-ink/10 bg-surface">
        <Container className="py-10 md:py-14">
          <Breadcrumb items={crumbs} />
          <h1 className="mt-4 text-4xl font-semibold md:text-5xl">Blog</h1>
          <p className="mt-3 max-w-xl text-lg text-muted">Stories, care guides and news from our workshops.</p>
          {list.tags.length > 0 && (
            <nav aria-label="Topics" className="mt-6">
              <ul className="flex flex-wrap gap-2">
                <li>
                  <Link to="/blogs" className={chip(!list.tag)} aria-current={!list.tag ? 'page' : undefined}>
                    All
                  </Link>
                </li>
                {list.tags.map((t) => (
                  <li key={t.tag}>
                    <Link
                      to={`/blogs?tag=${encodeURIComponent(t.tag)}`}
                      className={chip(list.tag === t.tag)}
                      aria-current={list.tag === t.tag ? 'page' : undefined}
                    >
                      {tagLabel(t.tag)}
                      <span aria-hidden="true" className="ml-1.5 text-xs opacity-60">
                        {t.count}
                      </span>
                      <span className="sr-only">
                        {' '}
                        ({t.count} {t.count === 1 ? 'post' : 'posts'})
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </Container>
      </header>
      <Container className="py-10 pb-16 md:py-14 md:pb-24">
        {list.posts.length ? (
          <ul className="grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
            {list.posts.map((post) => (
              <li key={post.slug}>
                <BlogCard post={post} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="py-16 text-center">
            <p className="text-lg text-muted">No posts here yet.</p>
            <Link to="/blogs" className="btn btn-outline mt-6">
              See all posts
            </Link>
          </div>
        )}
        <Pagination page={list.pagination.page} lastPage={list.pagination.last_page} label="Blog pages" />
      </Container>
    </>
  );
}
