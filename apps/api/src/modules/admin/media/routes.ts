import type { FastifyInstance } from 'fastify';
import {
  MediaItemSchema,
  MediaListQuerySchema,
  MediaListSchema,
  MediaParamsSchema,
  MediaPatchSchema,
  PICTURE_LIMITS,
  adminMediaApi,
  adminMediaMessages as msg,
  adminPictureMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../../lib/http.ts';
import { AUTH_NOTE } from '../routes.ts';
import { actOf, idempotencyKey, multipartScope, readUploadFile, refuseLargeBody } from '../catalog/picture-routes.ts';
import { deleteMedia, listMedia, updateMedia, uploadMedia } from './service.ts';

const MiB = 1_048_576;

const doc = (summary: string, errors: readonly (400 | 404 | 409 | 413 | 415 | 422)[] = [422]) => ({
  tags: ['admin'],
  summary,
  description: AUTH_NOTE,
  errors: [401, 403, ...errors, 429] as const,
  config: { staffArea: 'content' as const },
});

/**
 * The media library (issue 28), area `content` (owner, manager, content editor), registered in
 * the owner API's protected scope; the upload in its own multipart scope.
 */
export async function adminMediaRoutes(app: FastifyInstance) {
  const storage = app.media.storage;
  const db = app.db;

  registerEndpoint(
    app,
    adminMediaApi.list,
    {
      schemas: { query: MediaListQuerySchema, data: MediaListSchema },
      ...doc(
        'The media library: the uploads newest first, then the products’ pictures newest first, each with its /media path, size, alt text and where it is used. A picture deleted from its product is listed while its delete can be undone, with purge_after (when the clean-up removes it, unless content shows it: then the library keeps it). q: part of the file name, alt text or product title; keyset pages (limit, then cursor=next_cursor)',
      ),
    },
    async (req) => ok(await listMedia(db, req.query)),
  );

  registerEndpoint(
    app,
    adminMediaApi.update,
    {
      schemas: { params: MediaParamsSchema, body: MediaPatchSchema, data: MediaItemSchema },
      ...doc('Set an upload’s alt text (what a screen reader says of it)', [404, 422]),
    },
    async (req) => ok(await updateMedia(db, await actOf(req), req.params.id, req.body), msg.saved),
  );

  registerEndpoint(
    app,
    adminMediaApi.remove,
    {
      schemas: { params: MediaParamsSchema, data: MediaParamsSchema },
      ...doc(
        'Delete an upload and its file; 409, naming them, while a page, post, slide or testimonial still shows it. Product pictures are deleted from their product',
        [404, 409, 422],
      ),
    },
    async (req) => {
      await deleteMedia(db, storage, await actOf(req), req.params.id);
      return ok({ id: req.params.id }, msg.deleted);
    },
  );

  await app.register(async (scope) => {
    await multipartScope(scope);
    registerEndpoint(
      scope,
      adminMediaApi.upload,
      {
        schemas: { data: MediaItemSchema },
        ...doc(
          `Add a picture to the library: multipart/form-data, one file in the field "file", a JPEG, PNG, WebP or AVIF (told from its bytes, never its name or type) of at most ${PICTURE_LIMITS.maxBytes / MiB} MB and ${PICTURE_LIMITS.maxPixels / 1_000_000} megapixels; stored as WebP (upright, metadata removed, at most ${PICTURE_LIMITS.maxSide} px long) under /media/content/. The same bytes again, or the same Idempotency-Key header, answer the picture already made. 413 for a larger file, 415 for a body that is not multipart, 422 for anything else that is not such a picture`,
          [400, 413, 415, 422],
        ),
        onRequest: refuseLargeBody,
      },
      async (req) => {
        const act = await actOf(req);
        if (!req.isMultipart()) throw new HttpError(415, adminPictureMessages.notMultipart);
        const key = idempotencyKey(req);
        return ok(await uploadMedia(db, storage, act, await readUploadFile(req), key), msg.uploaded);
      },
    );
  });
}
