import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Fastify request → web Request, streaming the raw body (storefront routes never parse it). */
export function toWebRequest(req: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, String(value));
  }
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = Readable.toWeb(req.raw) as unknown as ReadableStream;
    init.duplex = 'half';
  }
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
