import type { NullDataSchema } from '../schemas/base.ts';
import type {
  AdminBlogPostBodySchema,
  AdminBlogPostListQuerySchema,
  AdminBlogPostListSchema,
  AdminBlogPostParamsSchema,
  AdminBlogPostSchema,
} from '../schemas/admin-blog-posts.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminBlogPostParamsSchema;
type One = typeof AdminBlogPostSchema;
type Body = typeof AdminBlogPostBodySchema;

/**
 * The owner's blog posts (issue 28), area `content`. Updates and deletes carry
 * `If-Match: <version>` (the post's `version`, also its ETag): 409 when it changed since.
 */
export const adminBlogPostsApi = {
  list: endpoint<{ query: typeof AdminBlogPostListQuerySchema; data: typeof AdminBlogPostListSchema }>(
    'GET',
    '/api/admin/blog-posts',
  ),
  get: endpoint<{ params: Params; data: One }>('GET', '/api/admin/blog-posts/:id'),
  create: endpoint<{ body: Body; data: One }>('POST', '/api/admin/blog-posts'),
  update: endpoint<{ params: Params; body: Body; data: One }>('PUT', '/api/admin/blog-posts/:id'),
  remove: endpoint<{ params: Params; data: typeof NullDataSchema }>('DELETE', '/api/admin/blog-posts/:id'),
} as const;
