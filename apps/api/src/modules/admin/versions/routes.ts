import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminVersionListParamsSchema,
  AdminVersionListSchema,
  AdminVersionParamsSchema,
  AdminVersionSchema,
  adminVersionMessages as msg,
  adminVersionsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { ownerRouteDoc } from '../if-match.ts';
import { getVersion, listVersions } from './service.ts';

const KINDS_NOTE =
  ' kind: theme (subject: the storefront id), page or post (its id), menu, faq, slider or form (its id), testimonial (its id: each is kept on its own); another kind is 422.';

/**
 * The saved versions of the Theme, pages, posts, menus, FAQ groups, sliders, forms and
 * testimonials (issue 28), inside the owner API's
 * protected scope; area `content`, the area their editors save in.
 */
export const adminVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');

  registerEndpoint(
    app,
    adminVersionsApi.list,
    {
      schemas: { params: AdminVersionListParamsSchema, data: AdminVersionListSchema },
      ...doc(
        `The subject's saved versions, newest first (at most 50): when, by whom (the staff member's name, their e-mail once they are gone; null: what it was before its first save kept here), and a summary.${KINDS_NOTE}`,
      ),
    },
    async (req) => ok(await listVersions(db, req.params.kind, req.params.subject)),
  );

  registerEndpoint(
    app,
    adminVersionsApi.get,
    {
      schemas: { params: AdminVersionParamsSchema, data: AdminVersionSchema },
      ...doc(
        `One saved version with its body, in the shape the editor's save takes (to preview it or put it back in the form). A Theme version's custom_css is left out for staff other than owners.${KINDS_NOTE}`,
        [404, 422],
      ),
    },
    async (req) => {
      const member = await requireStaff(req);
      const v = await getVersion(db, req.params.kind, req.params.subject, req.params.id, member.role);
      if (!v) throw notFound(msg.notFound);
      return ok(v);
    },
  );
};
