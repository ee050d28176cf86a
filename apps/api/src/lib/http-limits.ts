import type { ServerOptions } from 'node:http';

/** Largest request body anywhere, API JSON or storefront form: 1 MiB. An upload route would raise it for itself alone. */
export const BODY_LIMIT_BYTES = 1_048_576;

/** A request, headers and body, must have arrived whole within this time; a slower one is answered 408 and closed. */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The Fastify and Node server options that bound one request's size and time. Node checks its
 * header and request timeouts on a timer (30 s by default), so a request could otherwise live
 * almost twice as long as allowed: the timer runs often enough that it dies close to the limit.
 */
export function serverLimits(requestTimeoutMs = REQUEST_TIMEOUT_MS): {
  bodyLimit: number;
  requestTimeout: number;
  connectionTimeout: number;
  http: ServerOptions;
} {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    // A socket with no traffic at all for twice as long is dead, whatever it was doing.
    connectionTimeout: requestTimeoutMs * 2,
    http: {
      headersTimeout: requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(requestTimeoutMs / 10))),
    },
  };
}
