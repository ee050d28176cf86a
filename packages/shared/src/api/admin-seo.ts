import type {
  SearchSharingBodySchema,
  SearchSharingPictureParamsSchema,
  SearchSharingPictureSchema,
  SearchSharingSchema,
} from '../schemas/admin-seo.ts';
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
  /**
   * Multipart, one picture in the field `file` (JPEG, PNG, WebP or AVIF, as the product pictures):
   * made into the sharing picture (1200×630 JPEG) or the favicon (square PNGs, 32 and 180 px);
   * answers its /media/… address, which the PUT then saves.
   */
  upload: endpoint<{ params: typeof SearchSharingPictureParamsSchema; data: typeof SearchSharingPictureSchema }>(
    'POST',
    '/api/admin/search-sharing/pictures/:kind',
  ),
} as const;
