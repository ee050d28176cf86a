/**
 * What `npm run bench` loads, in order. Add a row to benchmark another page or API call: the
 * server under test is a fresh demo shop, so paths may rely on the demo seed (a product slug, a
 * search term). Requests go to 127.0.0.1 only.
 */
export interface Target {
  /** Row label in the table and in docs/benchmarks.md. */
  name: string;
  method: 'GET' | 'POST';
  /** Path and query on the shop, e.g. '/api/health'. */
  path: string;
  /** JSON body (POST); sent with content-type application/json. */
  body?: unknown;
  headers?: Record<string, string>;
}

export const targets: Target[] = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  { name: 'GET /api/storefront/initial-values', method: 'GET', path: '/api/storefront/initial-values' },
  { name: 'GET / (SSR home page)', method: 'GET', path: '/', headers: { accept: 'text/html' } },
  {
    name: 'POST /api/product/product-grid (8 latest)',
    method: 'POST',
    path: '/api/product/product-grid',
    body: { items: 8, source: 'latest' },
  },
  {
    name: 'POST /api/search/search-products ("linen shirt", brand filter, price_asc)',
    method: 'POST',
    path: '/api/search/search-products',
    body: { query: 'linen shirt', filters: { brands: ['loom'] }, sort: 'price_asc', page: 1, per_page: 24 },
  },
  {
    name: 'GET /product/organic-cotton-crew-tee (SSR product page)',
    method: 'GET',
    path: '/product/organic-cotton-crew-tee',
    headers: { accept: 'text/html' },
  },
  {
    name: 'GET /product-category/t-shirts (SSR listing page)',
    method: 'GET',
    path: '/product-category/t-shirts',
    headers: { accept: 'text/html' },
  },
];
