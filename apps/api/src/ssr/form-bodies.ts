import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { BODY_LIMIT_BYTES } from '../lib/http-limits.ts';
import { HttpError } from '../lib/http.ts';

/** What a storefront action reads with `request.formData()`: an HTML form's two encodings. */
export const STOREFRONT_FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export const formBodyMessages = {
  tooLarge: `The submitted form is too large (at most ${BODY_LIMIT_BYTES / 1_048_576} MiB).`,
  unsupported: 'This page accepts only form submissions (application/x-www-form-urlencoded or multipart/form-data).',
  unreadable: 'The submitted form could not be read.',
} as const;

function messageFor(status: number): string {
  if (status === 413) return formBodyMessages.tooLarge;
  if (status === 415) return formBodyMessages.unsupported;
  return formBodyMessages.unreadable;
}

/**
 * Storefront routes take form posts only. Fastify reads each body into memory under the byte
 * limit (a Content-Length above it is refused before a byte is read, a stream that grows past it
 * is cut off with 413 and its connection closed), so React Router gets a complete, bounded body
 * and never a stream it could read without end. Other content types, or a POST with no form at
 * all, answer 415 here instead of failing inside an action's `formData()` as a 500.
 */
export function acceptFormBodiesOnly(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    STOREFRONT_FORM_TYPES,
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    async (req: FastifyRequest, body: Buffer) => {
      // A multipart body React Router cannot split would throw inside an action's formData()
      // (a 500); read it once here, at most 1 MiB, and answer 400 instead.
      const type = req.headers['content-type'] ?? '';
      if (type.toLowerCase().startsWith('multipart/form-data')) {
        await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => {
          throw new HttpError(400, formBodyMessages.unreadable);
        });
      }
      return body;
    },
  );
  scope.addHook('preValidation', async (req) => {
    if (req.method === 'POST' && !Buffer.isBuffer(req.body)) throw new HttpError(415, formBodyMessages.unsupported);
  });
  scope.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode ?? 500;
    const fromBody =
      err.code?.startsWith('FST_ERR_CTP_') || (err instanceof HttpError && [400, 413, 415].includes(status));
    // A page, not the API: a short plain-text answer instead of the JSON envelope.
    if (fromBody && status >= 400 && status < 500) {
      return reply.code(status).type('text/plain; charset=utf-8').send(messageFor(status));
    }
    throw err;
  });
}
