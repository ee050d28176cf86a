import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http.ts';
import { pageUrl } from './page-url.ts';

/**
 * Fastify request → web Request. The body is the form Fastify has already read under the byte
 * limit (see form-bodies.ts); the raw stream is never handed on, so nothing downstream can read
 * more than that. `cookie`: the Cookie header the storefront sees (a shared page's leaves out the visitor's own).
 */
export function toWebRequest(req: FastifyRequest, reply: FastifyReply, cookie: string | undefined): Request {
  let url: URL;
  try {
    url = new URL(pageUrl(req.url), `${req.protocol}://${req.host}`);
  } catch {
    // A Host header that is no host name (spaces, brackets): the client's mistake, not ours.
    throw new HttpError(400, 'Invalid Host header');
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (key === 'cookie') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, String(value));
  }
  if (cookie) headers.set('cookie', cookie);
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (Buffer.isBuffer(req.body)) init.body = new Uint8Array(req.body);
  return new Request(url, init);
}

/** Web Response → Fastify reply with `setCookies` (by default the response's own) and the body streamed. */
export function sendWebResponse(
  reply: FastifyReply,
  res: Response,
  setCookies: string[] = res.headers.getSetCookie(),
): FastifyReply {
  reply.status(res.status);
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  if (setCookies.length) reply.header('set-cookie', setCookies);
  if (!res.body) return reply.send();
  return reply.send(Readable.fromWeb(res.body as unknown as NodeReadableStream));
}
