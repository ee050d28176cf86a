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

const live = new Map<string, FastifyRequest>();

/** Registers `req` as an outer request until its answer is sent; returns the key to pass on. */
export function registerOuterRequest(req: FastifyRequest, onDone: (release: () => void) => void): string {
  const key = randomBytes(18).toString('base64url');
  live.set(key, req);
  onDone(() => live.delete(key));
  return key;
}

function outerOf(headers: IncomingMessage['headers']): FastifyRequest | undefined {
  const key = headers[OUTER_REQUEST_HEADER];
  return typeof key === 'string' ? live.get(key) : undefined;
}

/** Fastify's genReqId: an in-process call logs under its page request's id. */
export function requestIdFor(raw: IncomingMessage): string {
  return outerOf(raw.headers)?.id ?? randomUUID();
}

/** First onRequest hook: an in-process call adopts its outer request's client facts. */
export async function adoptOuterRequest(req: FastifyRequest): Promise<void> {
  if (req.headers[OUTER_REQUEST_HEADER] === undefined) return;
  const outer = outerOf(req.headers);
  delete req.headers[OUTER_REQUEST_HEADER];
  if (!outer) return;
  Object.defineProperties(req, {
    ip: { value: outer.ip },
    ips: { value: outer.ips },
    protocol: { value: outer.protocol },
    host: { value: outer.host },
    hostname: { value: outer.hostname },
    port: { value: outer.port },
  });
}
