import type { TestApp } from './app.ts';

export type OwnerMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * The owner-API test files' request: `shop()` and `session()` are read at call time (the file's
 * beforeAll sets them); the session's headers go with every call, `opts.headers` on top of them.
 */
export const ownerRequest =
  (shop: () => TestApp, session: () => Record<string, string>) =>
  (method: OwnerMethod, url: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) =>
    shop().app.inject({
      method,
      url,
      headers: { ...session(), ...opts.headers },
      ...(opts.body === undefined ? {} : { payload: opts.body as object }),
    });

/** The If-Match header naming version `v`, as the owner API's ETags do. */
export const ifMatch = (v: number) => ({ 'if-match': `"${v}"` });
