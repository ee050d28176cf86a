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
  /** Connections for this target (default: --connections, 10). */
  connections?: number;
  /**
   * Runs once before the load: answers a Cookie header sent with every request (a signed-in
   * shopper with a cart). Each target that has one gets its own shopper.
   */
  setup?: (baseUrl: string) => Promise<string>;
}

/** What a browser sends for a page. */
const HTML = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

const CSRF = { 'x-requested-with': 'shopfront' };

/** The cookies an answer set, as one Cookie header value merged over `cookie`. */
function mergeCookies(cookie: string, res: Response): string {
  const jar = new Map(cookie ? cookie.split('; ').map((c) => c.split('=', 2) as [string, string]) : []);
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    jar.set(pair!.slice(0, i), pair!.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The demo customer, signed in, with one unit of the benchmarked product in the cart. */
async function signedInWithCart(baseUrl: string): Promise<string> {
  const post = async (path: string, body: unknown, cookie: string) => {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return mergeCookies(cookie, res);
  };
  let cookie = await post('/api/auth/login', { email: 'demo@loomandleaf.test', password: 'Demo@1234' }, '');
  const product = await fetch(`${baseUrl}/api/product/single-product/organic-cotton-crew-tee`, {
    headers: { cookie },
  }).then((r) => r.json() as Promise<{ data: { variants: { id: string; stock_status: string }[] } }>);
  const variant = product.data.variants.find((v) => v.stock_status === 'in_stock');
  if (!variant) throw new Error('no variant in stock');
  cookie = await post('/api/cart/add-item', { product_id: variant.id, quantity: 1 }, cookie);
  return cookie;
}

export const targets: Target[] = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  { name: 'GET /api/storefront/initial-values', method: 'GET', path: '/api/storefront/initial-values' },
  { name: 'GET / (SSR home page)', method: 'GET', path: '/', headers: HTML },
  {
    name: 'POST /api/product/product-grid (8 latest)',
    method: 'POST',
    path: '/api/product/product-grid',
    body: { items: 8, source: 'latest' },
  },
  {
    name: 'POST /api/search/search-products ("linen shirt", brand filter, price_asc, 20 conn.)',
    method: 'POST',
    path: '/api/search/search-products',
    body: { query: 'linen shirt', filters: { brands: ['loom'] }, sort: 'price_asc', page: 1, per_page: 24 },
    connections: 20,
  },
  {
    name: 'POST /api/search/search-products ("linne shrit": two typos, 20 conn.)',
    method: 'POST',
    path: '/api/search/search-products',
    body: { query: 'linne shrit', page: 1, per_page: 24 },
    connections: 20,
  },
  {
    name: 'POST /api/shop/all (shop-all listing with facets, 24 per page, 20 conn.)',
    method: 'POST',
    path: '/api/shop/all',
    body: { page: 1, per_page: 24 },
    connections: 20,
  },
  // What a product page's loader asks for (issue 30: uncached product detail).
  {
    name: 'GET /api/product/single-product/organic-cotton-crew-tee (product detail)',
    method: 'GET',
    path: '/api/product/single-product/organic-cotton-crew-tee',
  },
  {
    name: 'GET /api/product/single-product/organic-cotton-crew-tee/related (related products)',
    method: 'GET',
    path: '/api/product/single-product/organic-cotton-crew-tee/related',
  },
  {
    name: 'GET /product/organic-cotton-crew-tee (SSR product page)',
    method: 'GET',
    path: '/product/organic-cotton-crew-tee',
    headers: HTML,
  },
  {
    name: 'GET /product/organic-cotton-crew-tee (SSR product page, signed in with a cart)',
    method: 'GET',
    path: '/product/organic-cotton-crew-tee',
    headers: HTML,
    setup: signedInWithCart,
  },
  // What the browser of that signed-in shopper asks for after the shared page (ADR 31).
  {
    name: 'GET /api/account/get (signed in: the account a shared page loads)',
    method: 'GET',
    path: '/api/account/get',
    headers: CSRF,
    setup: signedInWithCart,
  },
  {
    name: 'GET /resources/cart (signed in with a cart: the header count and drawer)',
    method: 'GET',
    path: '/resources/cart',
    headers: { ...CSRF, 'accept-encoding': 'gzip, deflate, br' },
    setup: signedInWithCart,
  },
  {
    name: 'GET /product-category/t-shirts (SSR listing page)',
    method: 'GET',
    path: '/product-category/t-shirts',
    headers: HTML,
  },
];
