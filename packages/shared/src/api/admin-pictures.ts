import type {
  AdminPictureOrderSchema,
  AdminPictureParamsSchema,
  AdminPicturePatchSchema,
  AdminPicturesParamsSchema,
  AdminPicturesSchema,
} from '../schemas/admin-pictures.ts';
import { endpoint } from './endpoint.ts';

type Pictures = typeof AdminPicturesSchema;

/**
 * A product's pictures (issue 26, area `catalog`: owner and manager). Every write answers the
 * product's pictures after it, in order.
 */
export const adminPicturesApi = {
  list: endpoint<{ params: typeof AdminPicturesParamsSchema; data: Pictures }>(
    'GET',
    '/api/admin/catalog/products/:id/pictures',
  ),
  /** Multipart, one file in the field `file`; `Idempotency-Key` makes a retry answer the same picture. */
  upload: endpoint<{ params: typeof AdminPicturesParamsSchema; data: Pictures }>(
    'POST',
    '/api/admin/catalog/products/:id/pictures',
  ),
  update: endpoint<{ params: typeof AdminPictureParamsSchema; body: typeof AdminPicturePatchSchema; data: Pictures }>(
    'PATCH',
    '/api/admin/catalog/products/:id/pictures/:picture_id',
  ),
  reorder: endpoint<{ params: typeof AdminPicturesParamsSchema; body: typeof AdminPictureOrderSchema; data: Pictures }>(
    'PUT',
    '/api/admin/catalog/products/:id/pictures/order',
  ),
  remove: endpoint<{ params: typeof AdminPictureParamsSchema; data: Pictures }>(
    'DELETE',
    '/api/admin/catalog/products/:id/pictures/:picture_id',
  ),
} as const;
