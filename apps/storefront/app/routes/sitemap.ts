import { LISTING_MAX_PER_PAGE, catalogUrls, type CategoryNode } from '@shopfront/shared';
import type { Route } from './+types/sitemap';
import { api, type ApiClient } from '../lib/api.server';
import { isClosedToPublic } from '../features/store-state/paths';
import { logFailure } from '../lib/errors';

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Sitemaps hold at most 50,000 URLs; past that a sitemap index would be needed. */
const MAX_URLS = 50_000;
const MAX_PRODUCT_PAGES = Math.ceil(40_000 / LISTING_MAX_PER_PAGE);

async function productUrls(client: ApiClient): Promise<string[]> {
  const urls: string[] = [];
  for (let page = 1; page <= MAX_PRODUCT_PAGES; page++) {
    const res = await client.listing('shop', 'all', { page, per_page: LISTING_MAX_PER_PAGE, sort: 'newest' });
    urls.push(...res.products.map((p) => catalogUrls.product(p.slug)));
    if (page >= res.pagination.last_page) break;
  }
  return urls;
}

function categoryUrls(nodes: CategoryNode[]): string[] {
  return nodes.flatMap((n) => [n.url, ...categoryUrls(n.children)]);
}

async function blogUrls(client: ApiClient): Promise<string[]> {
  const urls: string[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await client.blogList({ page, per_page: 48 });
    urls.push(...res.posts.map((p) => `/blogs/${p.slug}`));
    if (page >= res.pagination.last_page) break;
  }
  return urls;
}

/** Paths that are never pages of their own to index, whatever a CMS page is called. */
const NOT_INDEXED =
  /^\/(cart|checkout|checkout-complete|checkout-failed|account|search|track-order|password-protected|coming-soon|under-maintenance)(\/|$)/;

/** /sitemap.xml: home, listings, collections, products, blog posts and CMS pages. Absent while indexing is off or the shop is closed. */
export async function loader({ context }: Route.LoaderArgs) {
  const client = api(context);
  const initial = await client.initialValues();
  // No entries while indexing is off, the shop is not live, or it is closed (a mode, a password).
  if (
    !initial.storefront.enable_indexing ||
    initial.license_status !== 'active' ||
    isClosedToPublic(initial.storefront)
  ) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain', 'X-Robots-Tag': 'noindex' },
    });
  }
  const optional = <T>(p: Promise<T>, fallback: T) =>
    p.catch((err: unknown) => {
      logFailure('sitemap source failed', err);
      return fallback;
    });
  const [products, tree, collections, pages, posts] = await Promise.all([
    optional(productUrls(client), []),
    optional(client.categoryTree(), null),
    optional(client.collections(), null),
    optional(client.pages(), null),
    optional(blogUrls(client), []),
  ]);
  const paths = [
    '/',
    '/shop-online',
    ...(tree?.super_categories.map((s) => s.url) ?? []),
    ...categoryUrls(tree?.categories ?? []),
    ...(collections?.collections.map((c) => c.url) ?? []),
    ...(pages?.pages.map((p) => p.url) ?? []),
    '/blogs',
    ...posts,
    ...products,
  ].filter((p) => !NOT_INDEXED.test(p));
  const unique = [...new Set(paths)].slice(0, MAX_URLS);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...unique.map((p) => `  <url><loc>${escapeXml(`${initial.host}${p}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
