import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * API calls made by the storefront's loaders and actions are dispatched in-process
 * (`app.inject`), so the inner request has no socket of its own: it stands for the shopper's
 * outer request. This header carries a random, unguessable key to that outer request while it is
 * in flight; the inner request takes its address, protocol, host and request id from it, so the
 * API decides (rate limits, Secure cookies, links, logs) exactly as for the browser's own call.
 * A key that names no live request (a client sending the header) is ignored.
 */
export const OUTER_REQUEST_HEADER = 'x-shopfront-outer-request';

/**
 * Facts an outer page request's in-process calls share, computed by the first call that needs
 * them (the shop context: lib/shop-context.ts) and reused by the rest of that page's calls.
 */
export type PageMemo = Map<string, Promise<unknown>>;

interface Outer {
  req: FastifyRequest;
  memo: PageMemo;
}

const live = new Map<string, Outer>();
const kPageMemo = Symbol('shopfront.page-memo');

declare module 'fastify' {
  interface FastifyRequest {
    [kPageMemo]?: PageMemo;
  }
}

/** Registers `req` as an outer request until its answer is sent; returns the key to pass on. */
export function registerOuterRequest(req: FastifyRequest, onDone: (release: () => void) => void): string {
  const key = randomBytes(18).toString('base64url');
  live.set(key, { req, memo: new Map() });
  onDone(() => live.delete(key));
  return key;
}

/**
 * Forgets what the outer request `key`'s calls have memoised: called after an in-process call
 * that may have changed it (a POST/PUT/PATCH/DELETE, e.g. a channel switch), so the page's later
 * calls read fresh data.
 */
export function forgetPageMemo(key: string): void {
  live.get(key)?.memo.clear();
}

/** The memo shared by the in-process calls of `req`'s page; undefined for a browser's own call. */
export function pageMemoOf(req: FastifyRequest): PageMemo | undefined {
  return req[kPageMemo];
}

function outerOf(headers: IncomingMessage['headers']): Outer | undefined {
  const key = headers[OUTER_REQUEST_HEADER];
  return typeof key === 'string' ? live.get(key) : undefined;
}

/** Fastify's genReqId: an in-process call logs under its page request's id. */
export function requestIdFor(raw: IncomingMessage): string {
  return outerOf(raw.headers)?.req.id ?? randomUUID();
}

/** First onRequest hook: an in-process call adopts its outer request's client facts. */
export async function adoptOuterRequest(req: FastifyRequest): Promise<void> {
  if (req.headers[OUTER_REQUEST_HEADER] === undefined) return;
  const found = outerOf(req.headers);
  delete req.headers[OUTER_REQUEST_HEADER];
  if (!found) return;
  const outer = found.req;
  req[kPageMemo] = found.memo;
  Object.defineProperties(req, {
    ip: { value: outer.ip },
    ips: { value: outer.ips },
    protocol: { value: outer.protocol },
    host: { value: outer.host },
    hostname: { value: outer.hostname },
    port: { value: outer.port },
  });
}
