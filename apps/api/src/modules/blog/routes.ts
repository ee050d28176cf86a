import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlogListBodySchema,
  BlogListSchema,
  BlogPostPageSchema,
  BlogSlugParamsSchema,
  blogApi,
  blogMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { getBlogPost, listBlog } from './service.ts';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    blogApi.list,
    {
      schemas: { body: BlogListBodySchema, data: BlogListSchema },
      tags: ['blog'],
      summary: 'Published posts, newest first (page, per_page ≤ 48, tag), with pagination and the tags in use',
    },
    async (req) => ok(await listBlog(app.db, req.body)),
  );

  /**
   * Not in the spec's table (it names only the list): one post by slug, for /blogs/{slug}, with
   * up to three related posts (most shared tags, then newest).
   */
  registerEndpoint(
    app,
    blogApi.post,
    {
      schemas: { params: BlogSlugParamsSchema, data: BlogPostPageSchema },
      tags: ['blog'],
      summary: 'One published post by slug, with related posts',
    },
    async (req) => {
      const result = await getBlogPost(app.db, req.params.slug);
      if (!result) throw notFound(blogMessages.postNotFound);
      return ok(result);
    },
  );
};
