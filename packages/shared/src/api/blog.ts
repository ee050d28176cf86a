import type { BlogListBodySchema, BlogListSchema, BlogPostPageSchema } from '../schemas/blog.ts';
import type { BlogSlugParamsSchema } from '../schemas/content.ts';
import { endpoint } from './endpoint.ts';

/** The blog (spec section 7 names the list; one post by slug is ours). */
export const blogApi = {
  list: endpoint<{ body: typeof BlogListBodySchema; data: typeof BlogListSchema }>('POST', '/api/blog/list'),
  post: endpoint<{ params: typeof BlogSlugParamsSchema; data: typeof BlogPostPageSchema }>('GET', '/api/blog/:slug'),
} as const;
