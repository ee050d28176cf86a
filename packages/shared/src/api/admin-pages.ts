import type { NullDataSchema } from '../schemas/base.ts';
import type {
  AdminPageBodySchema,
  AdminPageListQuerySchema,
  AdminPageListSchema,
  AdminPageParamsSchema,
  AdminPageSchema,
} from '../schemas/admin-pages.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminPageParamsSchema;
type One = typeof AdminPageSchema;

/**
 * The owner's pages (issue 28), area `content`. Updates and deletes carry `If-Match: <version>`
 * (the page's `version`, also its ETag): 409 when it changed since.
 */
export const adminPagesApi = {
  list: endpoint<{ query: typeof AdminPageListQuerySchema; data: typeof AdminPageListSchema }>(
    'GET',
    '/api/admin/pages',
  ),
  get: endpoint<{ params: Params; data: One }>('GET', '/api/admin/pages/:id'),
  create: endpoint<{ body: typeof AdminPageBodySchema; data: One }>('POST', '/api/admin/pages'),
  update: endpoint<{ params: Params; body: typeof AdminPageBodySchema; data: One }>('PUT', '/api/admin/pages/:id'),
  remove: endpoint<{ params: Params; data: typeof NullDataSchema }>('DELETE', '/api/admin/pages/:id'),
} as const;
