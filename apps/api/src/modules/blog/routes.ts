import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BlogListBodySchema,
  BlogListSchema,
  BlogPostPageSchema,
  SlugParamSchema,
  blogMessages,
  envelope,
} from '@shopfront/shared';
import { notFound, ok } from '../../lib/http.ts';
import { getBlogPost, listBlog } from './service.ts';

export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/blog/list',
    {
      schema: {
        tags: ['blog'],
        summary: 'Published posts, newest first (page, per_page ≤ 48, tag), with pagination and the tags in use',
        body: BlogListBodySchema,
        response: { 200: envelope(BlogListSchema) },
      },
    },
    async (req) => ok(await listBlog(app.db, req.body)),
  );

  /**
   * Not in the spec's table (it names only the list): one post by slug, for /blogs/{slug}, with
   * up to three related posts (most shared tags, then newest).
   */
  app.get(
    '/api/blog/:slug',
    {
      schema: {
        tags: ['blog'],
        summary: 'One published post by slug, with related posts',
        params: z.object({ slug: SlugParamSchema.shape.id }),
        response: { 200: envelope(BlogPostPageSchema) },
      },
    },
    async (req) => {
      const result = await getBlogPost(app.db, req.params.slug);
      if (!result) throw notFound(blogMessages.postNotFound);
      return ok(result);
    },
  );
};
