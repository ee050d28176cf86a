import type {
  AdminCouponBodySchema,
  AdminCouponDeletedSchema,
  AdminCouponListSchema,
  AdminCouponParamsSchema,
  AdminCouponSchema,
  AdminCouponScopeChoicesSchema,
  AdminCouponScopeQuerySchema,
  AdminCouponsQuerySchema,
  AdminCouponUsesQuerySchema,
  AdminCouponUsesSchema,
} from '../schemas/admin-coupons.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof AdminCouponParamsSchema;
type Coupon = typeof AdminCouponSchema;

/**
 * The owner's coupons (issue 26, area `catalog`: owner and manager; packer and content editor
 * 403). Writes answer the coupon after them with its `version` (also the ETag); send
 * `If-Match: <version>` on edit, disable and enable to be refused with 409 when someone changed
 * it since. Bad fields are 422 with a message per field.
 */
export const adminCouponsApi = {
  list: endpoint<{ query: typeof AdminCouponsQuerySchema; data: typeof AdminCouponListSchema }>(
    'GET',
    '/api/admin/coupons',
  ),
  create: endpoint<{ body: typeof AdminCouponBodySchema; data: Coupon }>('POST', '/api/admin/coupons'),
  scopeChoices: endpoint<{ query: typeof AdminCouponScopeQuerySchema; data: typeof AdminCouponScopeChoicesSchema }>(
    'GET',
    '/api/admin/coupons/scope-choices',
  ),
  get: endpoint<{ params: Params; data: Coupon }>('GET', '/api/admin/coupons/:id'),
  update: endpoint<{ params: Params; body: typeof AdminCouponBodySchema; data: Coupon }>(
    'PUT',
    '/api/admin/coupons/:id',
  ),
  disable: endpoint<{ params: Params; data: Coupon }>('POST', '/api/admin/coupons/:id/disable'),
  enable: endpoint<{ params: Params; data: Coupon }>('POST', '/api/admin/coupons/:id/enable'),
  remove: endpoint<{ params: Params; data: typeof AdminCouponDeletedSchema }>('DELETE', '/api/admin/coupons/:id'),
  uses: endpoint<{ params: Params; query: typeof AdminCouponUsesQuerySchema; data: typeof AdminCouponUsesSchema }>(
    'GET',
    '/api/admin/coupons/:id/uses',
  ),
} as const;
