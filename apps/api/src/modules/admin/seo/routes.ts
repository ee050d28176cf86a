import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SearchSharingBodySchema,
  SearchSharingPictureParamsSchema,
  SearchSharingPictureSchema,
  SearchSharingSchema,
  adminPictureMessages,
  adminSearchSharingApi,
  searchSharingMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { multipartScope, readUpload, refuseLargeBody } from '../catalog/picture-routes.ts';
import { makeSharingPicture } from './pictures.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import { getSearchSharing, saveSearchSharing } from './service.ts';

const NOTE =
  'Owner API (ADR 26), issue 25: owners and managers (area settings). The home page’s title (at most 70 characters; empty: the store name) and meta description (at most 160), the picture of a shared link and the favicon (each a /media/… path or an https:// address, or null). 422 with field messages for bad input.';

/** Search and sharing: thin routes over ./service.ts, inside the owner API's protected scope. */
export const searchSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, errors: readonly (400 | 413 | 415 | 422)[] = []) => ({
    tags: ['admin'],
    summary,
    description: NOTE,
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: 'settings' as const },
  });

  registerEndpoint(
    app,
    adminSearchSharingApi.get,
    { schemas: { data: SearchSharingSchema }, ...doc('How the home page shows in search results and shared links') },
    async (req) => {
      await requireStaff(req);
      return ok(await getSearchSharing(app.db));
    },
  );

  registerEndpoint(
    app,
    adminSearchSharingApi.save,
    {
      schemas: { body: SearchSharingBodySchema, data: SearchSharingSchema },
      ...doc('Save the home page’s title and description, the sharing picture and the favicon', [422]),
    },
    async (req) => {
      const m = await requireStaff(req);
      const actor = collecting({ id: m.id, email: m.email, role: m.role });
      const saved = await saveSearchSharing(app.db, actor, req.body, req.ip ?? null);
      return ok(saved, searchSharingMessages.saved, undoOffer(actor));
    },
  );

  // The picture upload in a scope of its own: multipart only, the body limit of one picture.
  const storage = app.media.storage;
  await app.register(async (scope) => {
    await multipartScope(scope);
    registerEndpoint(
      scope,
      adminSearchSharingApi.upload,
      {
        schemas: { params: SearchSharingPictureParamsSchema, data: SearchSharingPictureSchema },
        ...doc(
          'Upload the sharing picture (kind social: 1200×630 JPEG) or the favicon (kind favicon: square PNGs of 32 and 180 px, the whole picture fitted in); multipart, one JPEG, PNG, WebP or AVIF in the field "file", as product pictures. Answers its /media/… address for the PUT, which saves it',
          [400, 413, 415, 422],
        ),
        onRequest: refuseLargeBody,
      },
      async (req) => {
        await requireStaff(req);
        if (!req.isMultipart()) throw new HttpError(415, adminPictureMessages.notMultipart);
        const picture = await makeSharingPicture(storage, req.params.kind, await readUpload(req));
        return ok(picture, searchSharingMessages.uploaded);
      },
    );
  });
};
