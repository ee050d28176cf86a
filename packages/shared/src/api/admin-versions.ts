import type {
  AdminVersionListParamsSchema,
  AdminVersionListSchema,
  AdminVersionParamsSchema,
  AdminVersionSchema,
} from '../schemas/admin-versions.ts';
import { endpoint } from './endpoint.ts';

/**
 * The saved versions of the Theme (subject: the storefront id), a page or post (its id) and a
 * menu (its id), area `content` (issue 28). Restoring is the editor's own save with the body.
 */
export const adminVersionsApi = {
  list: endpoint<{ params: typeof AdminVersionListParamsSchema; data: typeof AdminVersionListSchema }>(
    'GET',
    '/api/admin/versions/:kind/:subject',
  ),
  get: endpoint<{ params: typeof AdminVersionParamsSchema; data: typeof AdminVersionSchema }>(
    'GET',
    '/api/admin/versions/:kind/:subject/:id',
  ),
} as const;
