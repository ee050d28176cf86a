import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  AdminBlogPostBodySchema,
  AdminBlogPostListQuerySchema,
  AdminBlogPostListSchema,
  AdminBlogPostParamsSchema,
  AdminBlogPostSchema,
  NullDataSchema,
  adminBlogPostMessages as msg,
  adminBlogPostsApi,
  type AdminBlogPost,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { savedMessage } from '../content-publishing.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import {
  createAdminBlogPost,
  deleteAdminBlogPost,
  listAdminBlogPosts,
  loadAdminBlogPost,
  updateAdminBlogPost,
} from './service.ts';

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (the post’s `version`, also its ETag) to be refused with 409 when another editor saved it since.';
const BODY_NOTE =
  ' The body is the contract’s rich-text blocks only (no HTML); the cover a /media/… or https:// address. A slug another post has is 422 at slug; `scheduled` needs publish_at in the future, and shoppers see the post from then.';

/** The owner's blog posts (issue 28), inside the owner API's protected scope; area `content`. */
export const adminBlogPostRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('content');
  const answer = (reply: FastifyReply, p: AdminBlogPost) => {
    setVersionTag(reply, p.version);
    return ok(p, savedMessage(p.status, msg));
  };

  registerEndpoint(
    app,
    adminBlogPostsApi.list,
    {
      schemas: { query: AdminBlogPostListQuerySchema, data: AdminBlogPostListSchema },
      ...doc('The posts, last edited first, paged, narrowed by words of the title or slug and by status'),
    },
    async (req) => ok(await listAdminBlogPosts(db, req.query)),
  );

  registerEndpoint(
    app,
    adminBlogPostsApi.get,
    {
      schemas: { params: AdminBlogPostParamsSchema, data: AdminBlogPostSchema },
      ...doc('One post with its blocks, excerpt, cover, tags, SEO fields, status and version (ETag)', [404, 422]),
    },
    async (req, reply) => {
      const p = await loadAdminBlogPost(db, req.params.id);
      if (!p) throw notFound(msg.notFound);
      setVersionTag(reply, p.version);
      return ok(p);
    },
  );

  registerEndpoint(
    app,
    adminBlogPostsApi.create,
    {
      schemas: { body: AdminBlogPostBodySchema, data: AdminBlogPostSchema },
      ...doc('Write a post: a draft, published at once, or scheduled.' + BODY_NOTE),
    },
    async (req, reply) => answer(reply, await createAdminBlogPost(db, await ownerAct(req, msg.ifMatch), req.body)),
  );

  registerEndpoint(
    app,
    adminBlogPostsApi.update,
    {
      schemas: { params: AdminBlogPostParamsSchema, body: AdminBlogPostBodySchema, data: AdminBlogPostSchema },
      ...doc('Save the whole post.' + BODY_NOTE + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req, reply) => {
      const a = await ownerAct(req, msg.ifMatch);
      return answer(reply, await updateAdminBlogPost(db, a, req.params.id, req.body));
    },
  );

  registerEndpoint(
    app,
    adminBlogPostsApi.remove,
    {
      schemas: { params: AdminBlogPostParamsSchema, data: NullDataSchema },
      ...doc('Delete the post.' + IF_MATCH_NOTE, [404, 409, 422]),
    },
    async (req) => {
      await deleteAdminBlogPost(db, await ownerAct(req, msg.ifMatch), req.params.id);
      return ok(null, msg.deleted);
    },
  );
};
