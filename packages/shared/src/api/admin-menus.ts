import type {
  AdminMenuBodySchema,
  AdminMenuChoicesSchema,
  AdminMenuListSchema,
  AdminMenuParamsSchema,
  AdminMenuSchema,
} from '../schemas/admin-menus.ts';
import { endpoint } from './endpoint.ts';

/**
 * The menu editor (issue 28), area `content`. A save carries `If-Match: <version>` (the menu's
 * `version`, also its ETag; 0 for a menu the shop does not have yet): 409 when it changed since.
 */
export const adminMenusApi = {
  list: endpoint<{ data: typeof AdminMenuListSchema }>('GET', '/api/admin/menus'),
  /** What an item can link to. */
  choices: endpoint<{ data: typeof AdminMenuChoicesSchema }>('GET', '/api/admin/menus/choices'),
  get: endpoint<{ params: typeof AdminMenuParamsSchema; data: typeof AdminMenuSchema }>('GET', '/api/admin/menus/:id'),
  /** Replaces the menu's name and whole item tree; shoppers see it at once. */
  save: endpoint<{
    params: typeof AdminMenuParamsSchema;
    body: typeof AdminMenuBodySchema;
    data: typeof AdminMenuSchema;
  }>('PUT', '/api/admin/menus/:id'),
} as const;
