import type { FastifyInstance } from 'fastify';
import {
  CustomGalleryBodySchema,
  CustomGallerySchema,
  GalleryBodySchema,
  GallerySchema,
  galleryApi,
  galleryMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { getGallery, normaliseCustomGallery } from './gallery-service.ts';
import { requirePlugin } from '../../lib/installed-plugin.ts';

/** Requests per client address and minute, for each of the two endpoints. */
export const GALLERY_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;
export const CUSTOM_GALLERY_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/** POST /api/plugins/Gallery and POST /api/plugins/customGallery (the rules: gallery-service.ts). */
export async function galleryRoutes(app: FastifyInstance) {
  const storage = app.media.storage;

  registerEndpoint(
    app,
    galleryApi.get,
    {
      schemas: { body: GalleryBodySchema, data: GallerySchema },
      tags: ['plugins', 'content'],
      summary: `Gallery: a stored gallery by id, its name and images (media path, alt, caption, link, src, srcset and sizes for a responsive image). 404 for an unknown gallery or when the plugin is not installed; ${GALLERY_RATE_LIMIT.max} per ${GALLERY_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: GALLERY_RATE_LIMIT },
    },
    async (req) => {
      await requirePlugin(app.db, 'Gallery');
      const gallery = await getGallery(app.db, req.body.id);
      if (!gallery) throw notFound(galleryMessages.notFound);
      return ok(gallery);
    },
  );

  registerEndpoint(
    app,
    galleryApi.custom,
    {
      schemas: { body: CustomGalleryBodySchema, data: CustomGallerySchema },
      tags: ['plugins', 'content'],
      summary: `customGallery: validates and normalises a hand-picked list of 1 to 48 images ({path, alt, caption?, link?}): each path must be an existing image under /media (a resized variant's URL is taken back to its original), the alt text is required, a link is a path on this shop or an https address. Answers the list with each image's pixel size, src, srcset and sizes; 422 with messages by images.{i}.{field}. 404 when the plugin is not installed; ${CUSTOM_GALLERY_RATE_LIMIT.max} per ${CUSTOM_GALLERY_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: CUSTOM_GALLERY_RATE_LIMIT },
    },
    async (req) => {
      await requirePlugin(app.db, 'customGallery');
      return ok({ images: await normaliseCustomGallery(storage, req.body.images) });
    },
  );
}
