import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGE_DENSITIES, IMAGE_WIDTHS } from '@shopfront/shared';
import { notFound } from '../../lib/http.ts';
import { createImageResizer } from './service.ts';

/**
 * Resized images: GET /media/w_{width}/{path} and /media/w_{width}_dpr_2/{path} (scheme in
 * packages/shared/src/schemas/media.ts). Originals stay with @fastify/static at /media/{path};
 * the router prefers this route for the `w_` segment. Anything that is not an allowed variant of
 * an existing image answers the 404 envelope, the same as a missing file.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const resizer = createImageResizer(path.join(app.env.DATA_DIR, 'media'));

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
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-media-cache', result.cached ? 'hit' : 'miss')
        .send(createReadStream(result.file));
    },
  );
};
