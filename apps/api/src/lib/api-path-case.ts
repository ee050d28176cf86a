import type { FastifyRequest } from 'fastify';
import { messages } from '@shopfront/shared';
import { HttpError } from './http.ts';

const API_PREFIX_ANY_CASE = /^\/api(?:[/?#]|$)/i;

/**
 * The API's paths are exact and lower-case (spec section 7), and everything outside /api/ is a
 * storefront page. `/API/...`, `/Api` or a bare `/api` name no storefront page either: they get
 * the API's JSON 404, so a client that miscased a path learns it at once (ADR 0015).
 */
export async function refuseMiscasedApiPath(req: FastifyRequest): Promise<void> {
  if (API_PREFIX_ANY_CASE.test(req.url) && !req.url.startsWith('/api/')) {
    throw new HttpError(404, messages.notFound);
  }
}
