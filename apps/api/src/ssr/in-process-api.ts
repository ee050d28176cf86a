import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type ApiTransport } from '@shopfront/shared';

const FORWARDED = ['cookie', 'user-agent', 'accept-language', 'host'] as const;

/**
 * The API seen from a storefront loader: dispatched through Fastify's router in-process (no
 * socket), with the shopper's cookies and address, so the API decides exactly as it would for
 * a browser call.
 */
export function inProcessApi(app: FastifyInstance, req: FastifyRequest): ApiTransport {
  return async ({ method, path, body }) => {
    const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
    for (const name of FORWARDED) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: req.ip,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const raw = res.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
    let parsed: unknown = null;
    try {
      parsed = res.payload ? JSON.parse(res.payload) : null;
    } catch {
      parsed = null;
    }
    return { status: res.statusCode, body: parsed, setCookies };
  };
}
