import type { SearchSharingBodySchema, SearchSharingSchema } from '../schemas/admin-seo.ts';
import { endpoint } from './endpoint.ts';

/**
 * Search and sharing (issue 25), area `settings` (owner and manager): the home page's title and
 * description, the shared link's picture and the favicon. The PUT answers the values as saved.
 */
export const adminSearchSharingApi = {
  get: endpoint<{ data: typeof SearchSharingSchema }>('GET', '/api/admin/search-sharing'),
  save: endpoint<{ body: typeof SearchSharingBodySchema; data: typeof SearchSharingSchema }>(
    'PUT',
    '/api/admin/search-sharing',
  ),
} as const;
