import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type ApiTransport } from '@shopfront/shared';
import { forgetPageMemo, OUTER_REQUEST_HEADER, registerOuterRequest } from '../lib/in-process.ts';
import type { ApiCookieJar } from './api-cookies.ts';

const FORWARDED = ['user-agent', 'accept-language', 'host'] as const;

/**
 * The API seen from a storefront loader: dispatched through Fastify's router in-process (no
 * socket), as the shopper's outer request (cookies, address, protocol, host: see
 * lib/in-process.ts), so the API decides exactly as it would for a browser call. Cookies the
 * API sets are kept in `cookies`, sent with the calls that follow and passed on to the page.
 */
export function inProcessApi(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  cookies: ApiCookieJar,
): ApiTransport {
  let outerKey: string | null = null;
  return async ({ method, path, body, headers: extra }) => {
    outerKey ??= registerOuterRequest(req, (release) => {
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
    });
    const headers: Record<string, string> = {
      ...extra,
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      [OUTER_REQUEST_HEADER]: outerKey,
    };
    for (const name of FORWARDED) {
      const v = req.headers[name];
      if (typeof v === 'string') headers[name] = v;
    }
    const cookie = cookies.header();
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: req.ip,
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    // A write (a channel switch, a password accepted, a setting changed) may change what the page's
    // calls share: the next ones look it up again.
    if (method !== 'GET') forgetPageMemo(outerKey);
    const raw = res.headers['set-cookie'];
    cookies.take(raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)]);
    let parsed: unknown = null;
    try {
      parsed = res.payload ? JSON.parse(res.payload) : null;
    } catch {
      parsed = null;
    }
    return { status: res.statusCode, body: parsed };
  };
}
