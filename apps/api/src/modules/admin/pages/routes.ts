import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  AdminPageBodySchema,
  AdminPageListQuerySchema,
  AdminPageListSchema,
  AdminPageParamsSchema,
  AdminPageSchema,
  NullDataSchema,
  adminPageMessages as msg,
  adminPagesApi,
  type AdminPage,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { savedMessage } from '../content-publishing.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { createAdminPage, deleteAdminPage, listAdminPages, loadAdminPage, updateAdminPage } from './service.ts';

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (the page’s `version`, also its ETag) to be refused with 409 when another editor saved it since.';
const BODY_NOTE =
  ' The body is the contract’s rich-text blocks only (no HTML); links only /path, http(s), mailto: or tel:. A slug another page has is 422 at slug; `scheduled` needs publish_at in the future.';

/** The owner's pages (issue 28), inside the owner API's protected scope; area `content`. */
export const adminPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');
  const answer = (reply: FastifyReply, p: AdminPage, message?: string) => {
    setVersionTag(reply, p.version);
    return ok(p, message);
  };

  registerEndpoint(
    app,
    adminPagesApi.list,
    {
      schemas: { query: AdminPageListQuerySchema, data: AdminPageListSchema },
      ...doc('The pages, last edited first (at most 200), narrowed by words of the title or slug and by status'),
    },
    async (req) => ok(await listAdminPages(db, req.query)),
  );

  registerEndpoint(
    app,
    adminPagesApi.get,
    {
      schemas: { params: AdminPageParamsSchema, data: AdminPageSchema },
      ...doc('One page with its blocks, SEO fields, status and version (ETag)', [404, 422]),
    },
    async (req, reply) => {
      const p = await loadAdminPage(db, req.params.id);
      if (!p) throw notFound(msg.notFound);
      return answer(reply, p);
    },
  );

  registerEndpoint(
    app,
    adminPagesApi.create,
    {
      schemas: { body: AdminPageBodySchema, data: AdminPageSchema },
      ...doc('Create a page: a draft, published at once, or scheduled.' + BODY_NOTE),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      const p = await createAdminPage(db, a, req.body);
      return answer(reply, p, savedMessage(p.status, msg));
    },
  );

  registerEndpoint(
    app,
    adminPagesApi.update,
    {
      schemas: { params: AdminPageParamsSchema, body: AdminPageBodySchema, data: AdminPageSchema },
      ...doc('Save the whole page.' + BODY_NOTE + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      const p = await updateAdminPage(db, a, req.params.id, req.body);
      return answer(reply, p, savedMessage(p.status, msg));
    },
  );

  registerEndpoint(
    app,
    adminPagesApi.remove,
    {
      schemas: { params: AdminPageParamsSchema, data: NullDataSchema },
      ...doc('Delete the page (links to it then find nothing).' + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req) => {
      await deleteAdminPage(db, await ownerAct(req, msg.ifMatch), req.params.id);
      return ok(null, msg.deleted);
    },
  );
};
