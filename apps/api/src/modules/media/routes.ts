import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_DENSITIES, IMAGE_WIDTHS } from '@shopfront/shared';
import { notFound } from '../../lib/http.ts';
import { S3_KEYS, mediaType } from './s3.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A path below /media as the bucket may hold it: plain segments, none a dotfile. */
const ORIGINAL_PATH = /^[A-Za-z0-9_][A-Za-z0-9._-]*(\/[A-Za-z0-9_][A-Za-z0-9._-]*)*$/;

/**
 * Resized images: GET /media/w_{width}/{path} and /media/w_{width}_dpr_2/{path} (scheme in
 * packages/shared/src/schemas/media.ts). Originals stay with @fastify/static at /media/{path} on
 * local disk, or are streamed from the bucket by the route below when media is on S3 (ADR 38);
 * the router prefers this route for the `w_` segment. Anything that is not an allowed variant of
 * an existing image answers the 404 envelope, the same as a missing file.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { resizer, bucket } = app.media;

  app.get(
    '/media/w_:variant/*',
    {
      schema: {
        tags: ['media'],
        summary: `A WebP of a /media image resized to one of ${IMAGE_WIDTHS.join(', ')} CSS px at density ${IMAGE_DENSITIES.join(' or ')}; made once, then cached`,
      },
    },
    async (req, reply) => {
      const params = req.params as { variant: string; '*': string };
      const result = await resizer.resize(`w_${params.variant}`, params['*']);
      if (!result.ok) {
        if (result.reason === 'unreadable') req.log.warn({ path: params['*'] }, 'media original could not be resized');
        throw notFound();
      }
      return reply
        .type('image/webp')
        .header('content-length', result.size)
        .header('cache-control', IMMUTABLE)
        .header('x-media-cache', result.cached ? 'hit' : 'miss')
        .send(result.open());
    },
  );

  if (!bucket) return;
  // Originals from the bucket's media/ keys only: private/ and media-cache/ are never reachable here.
  app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const rel = (req.params as { '*': string })['*'];
    if (!ORIGINAL_PATH.test(rel) || rel.length > 500) return reply.callNotFound();
    const object = await bucket.get(S3_KEYS.original(rel));
    if (!object) return reply.callNotFound();
    if (object.etag && req.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      return reply.code(304).header('etag', object.etag).header('cache-control', IMMUTABLE).send();
    }
    if (object.etag) reply.header('etag', object.etag);
    return reply
      .type(object.type ?? mediaType(rel))
      .header('content-length', object.size)
      .header('last-modified', new Date(object.modifiedMs).toUTCString())
      .header('cache-control', IMMUTABLE)
      .send(object.body);
  });
};
