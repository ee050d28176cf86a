import type { FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_CACHE_COOKIES, SESSION_COOKIE, SIGNED_IN_COOKIE } from '@shopfront/shared';
import { pageCacheKey, withoutOwnCookies } from './page-cache.ts';
import { sharedPageMatcher } from './shared-pages.ts';

/**
 * Which URLs a visitor with cookies of their own shares with everyone (ADR 31), and what is left
 * of their Cookie header when such a page is rendered. The routes below are a small stand-in for
 * the build's (`ServerBuild['routes']`): the real app's shape (a root with path '', an index
 * home, `product/*`, an account layout, the `*` CMS page) plus a few made-up nestings.
 */

type Routes = ServerBuild['routes'];
type RouteEntry = Routes[string] & {};

const SHARED = { sharedPage: true } as const;

function route(
  id: string,
  parentId: string | undefined,
  at: { path?: string; index?: true; caseSensitive?: boolean },
  handle?: unknown,
): [string, RouteEntry] {
  return [
    id,
    { id, ...(parentId ? { parentId } : {}), ...at, module: (handle ? { handle } : {}) as RouteEntry['module'] },
  ];
}

const APP_ROUTES: [string, RouteEntry][] = [
  route('root', undefined, { path: '' }),
  route('routes/home', 'root', { index: true }, SHARED),
  route('routes/shop-online', 'root', { path: 'shop-online/:slug?' }, SHARED),
  route('routes/product', 'root', { path: 'product/*' }, SHARED),
  route('routes/search', 'root', { path: 'search' }, SHARED),
  route('routes/blog-post', 'root', { path: 'blogs/:slug' }, SHARED),
  route('routes/cart', 'root', { path: 'cart' }),
  // A layout that did not opt in, with children that did not either, and one that did.
  route('routes/account', 'root', { path: 'account' }),
  route('routes/account._index', 'routes/account', { index: true }),
  route('routes/account.orders', 'routes/account', { path: 'orders' }),
  route('routes/account.help', 'routes/account', { path: 'help' }, SHARED),
  // A layout that opted in: nested dynamic segments, one child that did not opt in.
  route('routes/brands', 'root', { path: 'brands/:brand' }, SHARED),
  route('routes/brands._index', 'routes/brands', { index: true }, SHARED),
  route('routes/brands.$product', 'routes/brands', { path: ':product' }, SHARED),
  route('routes/brands.$product.review', 'routes/brands', { path: ':product/review' }),
  // A pathless layout that did not opt in around a page that did.
  route('routes/_legal', 'root', {}),
  route('routes/_legal.terms', 'routes/_legal', { path: 'terms' }, SHARED),
  // Other handles: a different mark, and a `sharedPage` that is not `true`.
  route('routes/track-order', 'root', { path: 'track-order' }, { breadcrumb: 'Track' }),
  route('routes/newsletter', 'root', { path: 'newsletter' }, { sharedPage: 'yes' }),
];
const SPLAT = route('routes/$', 'root', { path: '*' }, SHARED);

const withSplat = sharedPageMatcher(Object.fromEntries([...APP_ROUTES, SPLAT]));
const withoutSplat = sharedPageMatcher(Object.fromEntries(APP_ROUTES));

describe('sharedPageMatcher', () => {
  // React Router warns (console.warn) about a malformed %-escape; the test asserts on results.
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('shares the pages that opted in, the index route included', () => {
    for (const path of ['/', '/shop-online', '/shop-online/new-in', '/product/organic-cotton-crew-tee', '/search']) {
      expect(withoutSplat(path), path).toBe(true);
    }
    expect(withoutSplat('/blogs/spring-lookbook')).toBe(true);
  });

  it('renders for them every page that did not opt in, or whose handle says anything but `sharedPage: true`', () => {
    for (const path of ['/cart', '/account', '/account/orders', '/track-order', '/newsletter']) {
      expect(withSplat(path), path).toBe(false);
    }
  });

  it('goes by the deepest route alone: a child decides, not its layout', () => {
    // The layout opted in, this child did not.
    expect(withSplat('/brands/acme/anvil/review')).toBe(false);
    // The layout did not opt in, this child did (and a pathless layout's child likewise).
    expect(withSplat('/account/help')).toBe(true);
    expect(withSplat('/terms')).toBe(true);
  });

  it('matches nested dynamic segments and the optional one', () => {
    expect(withoutSplat('/brands/acme')).toBe(true);
    expect(withoutSplat('/brands/acme/anvil')).toBe(true);
    expect(withoutSplat('/shop-online/a/b')).toBe(false);
    expect(withoutSplat('/blogs')).toBe(false);
  });

  it('sends unknown paths to the splat route: shared when it opted in (CMS pages), else not a shared page', () => {
    for (const path of ['/about-us', '/no/such/page', '/blogs/a/b', '/account/no-such-section']) {
      expect(withSplat(path), path).toBe(true);
      expect(withoutSplat(path), path).toBe(false);
    }
    // A product's splat takes any depth.
    expect(withoutSplat('/product/a/b/c')).toBe(true);
  });

  it('ignores a trailing slash, the query string and the hash', () => {
    expect(withSplat('/search/')).toBe(true);
    expect(withSplat('/account/')).toBe(false);
    expect(withSplat('/account/orders/')).toBe(false);
    expect(withSplat('/search?q=tee&page=2')).toBe(true);
    expect(withSplat('/account?redirect=/search')).toBe(false);
    expect(withSplat('/account#orders')).toBe(false);
  });

  it('decodes %-escapes as the router does: an escaped letter still names the account page', () => {
    expect(withSplat('/blogs/caf%C3%A9')).toBe(true);
    // An escaped slash stays inside its segment.
    expect(withoutSplat('/blogs/a%2Fb')).toBe(true);
    expect(withSplat('/%61ccount')).toBe(false);
    expect(withSplat('/account/%6Frders')).toBe(false);
    // Not case-sensitive either, as the routes say.
    expect(withSplat('/ACCOUNT/Orders')).toBe(false);
    expect(withoutSplat('/Product/X')).toBe(true);
  });

  it('matches double slashes as the router does, without collapsing them', () => {
    // Not the account page: the router renders the splat (a CMS page) for it too.
    expect(withSplat('/account//orders')).toBe(true);
    expect(withoutSplat('/account//orders')).toBe(false);
    expect(withoutSplat('/product//x')).toBe(true);
    // storefront.ts reads the path with `new URL` as the render does: `//account/orders` is the
    // host `account` and the path `/orders`; the matcher is only ever asked about the latter.
    expect(new URL('//account/orders', 'http://shop.test').pathname).toBe('/orders');
  });

  it('never throws on a malformed %-escape, and keeps such a path on its route', () => {
    expect(() => withSplat('/product/%E0%A4%A')).not.toThrow();
    expect(withSplat('/product/%E0%A4%A')).toBe(true);
    expect(withSplat('/account/%')).toBe(true); // the splat, as for the router
    expect(withoutSplat('/account/%')).toBe(false);
    expect(withoutSplat('/%')).toBe(false);
    // What storefront.ts passes for a URL it cannot read (answered 400 by the render).
    expect(() => withSplat('')).not.toThrow();
  });

  it('answers a router fetch by its literal path: storefront.ts never asks it about an own visitor’s', () => {
    // `.data` and `__manifest` are React Router's own fetches. The matcher knows nothing of them:
    // `/account.data` reaches the splat, `/product/x.data` the product page.
    expect(withSplat('/account.data')).toBe(true);
    expect(withoutSplat('/account.data')).toBe(false);
    expect(withSplat('/product/organic-cotton-crew-tee.data')).toBe(true);
    expect(withSplat('/__manifest')).toBe(true);
    // A visitor with a session is never answered such a fetch from the cache (it may carry the
    // root's data with the account): pageCacheKey says null, so storefront.ts renders it for them.
    const own = `${SESSION_COOKIE}=s; ${SIGNED_IN_COOKIE}=1`;
    for (const url of ['/account.data', '/product/x.data?_routes=root', '/_root.data', '/__manifest?p=%2F&version=1']) {
      expect(pageCacheKey(request(url, own)), url).toBeNull();
      expect(pageCacheKey(request(url, undefined)), url).toEqual({ key: expect.any(String), own: false });
    }
    expect(pageCacheKey(request('/product/x', own))).toEqual({ key: expect.any(String), own: true });
  });

  it('reads no route outside the manifest: a route whose parent is missing is matched from the top', () => {
    const orphan = sharedPageMatcher(Object.fromEntries([route('routes/x', 'gone', { path: 'x' }, SHARED)]));
    expect(orphan('/x')).toBe(true);
    expect(orphan('/')).toBe(false);
    expect(sharedPageMatcher({})('/')).toBe(false);
  });
});

function request(url: string, cookie: string | undefined): FastifyRequest {
  return {
    method: 'GET',
    url,
    headers: cookie ? { cookie } : {},
    protocol: 'http',
    host: 'shop.test',
  } as unknown as FastifyRequest;
}

/** The `name=value` pairs of a Cookie header, as a server reads them (empty parts skipped). */
function pairs(header: string): string[] {
  return header
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean);
}

describe('withoutOwnCookies', () => {
  it('removes exactly the own cookies and keeps every other kind, in order', () => {
    const all = [...PAGE_CACHE_COOKIES.own, ...PAGE_CACHE_COOKIES.vary, ...PAGE_CACHE_COOKIES.ignored];
    const header = all.map((name, i) => `${name}=v${i}`).join('; ');
    const kept = all.flatMap((name, i) => (PAGE_CACHE_COOKIES.own.includes(name as never) ? [] : [`${name}=v${i}`]));
    expect(withoutOwnCookies(header)).toBe(kept.join('; '));
    expect(kept).toHaveLength(PAGE_CACHE_COOKIES.vary.length + PAGE_CACHE_COOKIES.ignored.length);
  });

  it('interleaved: own cookies before, between and after the others', () => {
    expect(withoutOwnCookies('sf_session=a; sf_channel=web; api_cart=c; grid_columns=3; sf_signed_in=1')).toBe(
      'sf_channel=web; grid_columns=3',
    );
    expect(withoutOwnCookies('sf_device=d; order_ref=o; heartbeat=1')).toBe('sf_device=d; heartbeat=1');
  });

  it('is empty when nothing else is left, or nothing was sent', () => {
    expect(withoutOwnCookies(undefined)).toBe('');
    expect(withoutOwnCookies('')).toBe('');
    expect(withoutOwnCookies(`${SESSION_COOKIE}=a; ${SIGNED_IN_COOKIE}=1; cart_session=c`)).toBe('');
    expect(withoutOwnCookies(`${SESSION_COOKIE}=a; `)).toBe('');
  });

  it('tolerates spaces and empty parts: what is left reads as the same cookies', () => {
    const header = '; ;sf_session=a;; sf_channel=web ;  sf_signed_in = 1 ;grid_columns=4;';
    expect(pairs(withoutOwnCookies(header))).toEqual(['sf_channel=web', 'grid_columns=4']);
    // Separators around own cookies may stay behind (`;`): a header that holds no cookie.
    expect(pairs(withoutOwnCookies(';;sf_session=a'))).toEqual([]);
    expect(pairs(withoutOwnCookies(` ; ${SESSION_COOKIE}=a;; `))).toEqual([]);
  });

  it('removes every copy of a name sent twice', () => {
    expect(withoutOwnCookies('sf_session=old; sf_channel=web; sf_session=new; api_cart=1; api_cart=2')).toBe(
      'sf_channel=web',
    );
  });

  it('keeps a cookie whose name merely starts or ends like an own one, or differs in case', () => {
    const header = 'sf_session_old=1; sf_signed_in2=1; xsf_session=1; api_cart_v2=1; SF_SESSION=1; order_reference=1';
    expect(withoutOwnCookies(header)).toBe(header);
  });

  it('removes an own cookie sent without a value, and keeps values that hold `=`', () => {
    expect(withoutOwnCookies('sf_session; sf_channel=a=b; cookiePreferences={"x":1}')).toBe(
      'sf_channel=a=b; cookiePreferences={"x":1}',
    );
  });
});
