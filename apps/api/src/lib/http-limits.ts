import type { ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shopfront/shared';
import { HttpError } from './http.ts';

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

/**
 * A body declared (Content-Length) over the route's limit but at most this large is read to its
 * end and dropped before the 413 is answered. Answering at once and closing, with the rest of the
 * body still arriving, makes the kernel reset the connection: a client that sends its whole body
 * before reading (most HTTP libraries, a browser on a slow link) saw a broken connection instead of
 * the 413. Larger declared bodies are still refused at once and closed; the request timeout bounds
 * the time spent reading either way.
 */
export const DRAIN_LIMIT_BYTES = 64 * 1_048_576;

/** preParsing hook: drains a declared body over the route's limit (up to DRAIN_LIMIT_BYTES), then answers 413. */
export async function drainOversizedBody(req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) {
  const declared = Number(req.headers['content-length']);
  const limit = req.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
  if (!(declared > limit) || declared > DRAIN_LIMIT_BYTES) return payload;
  for await (const _chunk of payload) {
    // dropped: only the end of the body matters
  }
  throw new HttpError(413, messages.bodyTooLarge);
}

/** How long a connection whose body was refused keeps reading (and dropping) before it is cut. */
export const LINGER_MS = 2_000;

/**
 * onSend hook: a 413 answered before the body has ended (a chunked body that grew past the
 * limit, or a declared one too large to drain) closes its connection the way nginx's lingering
 * close does: the answer, then our end of the connection, then whatever the client still sends
 * is read and dropped until it closes its end or LINGER_MS pass. Closing at once, with body
 * bytes still unread, makes the kernel reset the connection, and the reset can destroy the 413
 * before the client has read it (it saw an empty answer on a busy machine).
 */
export async function lingerAfterRefusedBody(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // A body read to its end (drained, or whole under app.inject) leaves the connection as it is.
  if (reply.statusCode !== 413 || req.raw.complete || req.raw.readableEnded) return payload;
  reply.header('connection', 'close');
  const socket = req.raw.socket as Socket;
  socket.destroySoon = () => {
    socket.end();
    socket.once('end', () => socket.destroy());
    socket.resume();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  return payload;
}
