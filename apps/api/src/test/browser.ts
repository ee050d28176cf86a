import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, CartSchema, type Cart } from '@shopfront/shared';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A browser for API tests: a cookie jar (cookies the API sets are kept, cleared ones dropped),
 * the CSRF header on every call, and optionally its own client address. `cookie` starts the jar
 * (`a=1; b=2`).
 */
export function testBrowser(app: FastifyInstance, opts: { cookie?: string; ip?: string } = {}) {
  const jar = new Map<string, string>();
  for (const pair of (opts.cookie ?? '').split('; ').filter(Boolean)) {
    const [k, ...v] = pair.split('=');
    jar.set(k!, v.join('='));
  }
  const call = async (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({
      method,
      url,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      headers: {
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    const set = res.headers['set-cookie'];
    for (const c of set === undefined ? [] : Array.isArray(set) ? set : [String(set)]) {
      const [pair, ...attrs] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (!value || attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()))) jar.delete(k!);
      else jar.set(k!, value);
    }
    return res;
  };
  return { call, jar };
}
export type TestBrowser = ReturnType<typeof testBrowser>;

/** The cart of an answer, checked against the contract. */
export const cartOf = (res: { json(): { data: unknown } }): Cart => CartSchema.parse(res.json().data);
/** How many of a variant the cart holds. */
export const qtyOf = (cart: Cart, variantId: string) =>
  cart.items.find((i) => i.product_id === variantId)?.quantity ?? 0;
