import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SearchSharingBodySchema,
  SearchSharingSchema,
  adminSearchSharingApi,
  searchSharingMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import { getSearchSharing, saveSearchSharing } from './service.ts';

const NOTE =
  'Owner API (ADR 26), issue 25: owners and managers (area settings). The home page’s title (at most 70 characters; empty: the store name) and meta description (at most 160), the picture of a shared link and the favicon (each a /media/… path or an https:// address, or null). 422 with field messages for bad input.';

/** Search and sharing: thin routes over ./service.ts, inside the owner API's protected scope. */
export const searchSharingRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, errors: readonly 422[] = []) => ({
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
};
