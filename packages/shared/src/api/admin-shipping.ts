import type {
  AdminShippingMethodBodySchema,
  AdminShippingMethodDeletedSchema,
  AdminShippingMethodOrderSchema,
  AdminShippingMethodParamsSchema,
  AdminShippingMethodSchema,
  AdminShippingSchema,
  AdminShippingZoneBodySchema,
  AdminShippingZoneDeletedSchema,
  AdminShippingZoneOrderSchema,
  AdminShippingZoneParamsSchema,
  AdminShippingZoneSchema,
} from '../schemas/admin-shipping.ts';
import { endpoint } from './endpoint.ts';

type ZoneParams = typeof AdminShippingZoneParamsSchema;
type MethodParams = typeof AdminShippingMethodParamsSchema;
type Overview = typeof AdminShippingSchema;

/**
 * The owner's shipping zones and methods (issue 26, area `settings`: owner and manager; packer
 * and content editor 403). Writes answer the record after them with its `version` (also the
 * ETag); send `If-Match: <version>` on edit and delete to be refused with 409 when someone
 * changed it since. Bad fields are 422 with a message per field. The cart, the checkout and the
 * pincode check follow at the write's commit.
 */
export const adminShippingApi = {
  overview: endpoint<{ data: Overview }>('GET', '/api/admin/shipping'),
  createZone: endpoint<{ body: typeof AdminShippingZoneBodySchema; data: typeof AdminShippingZoneSchema }>(
    'POST',
    '/api/admin/shipping/zones',
  ),
  orderZones: endpoint<{ body: typeof AdminShippingZoneOrderSchema; data: Overview }>(
    'PUT',
    '/api/admin/shipping/zones/order',
  ),
  updateZone: endpoint<{
    params: ZoneParams;
    body: typeof AdminShippingZoneBodySchema;
    data: typeof AdminShippingZoneSchema;
  }>('PUT', '/api/admin/shipping/zones/:id'),
  removeZone: endpoint<{ params: ZoneParams; data: typeof AdminShippingZoneDeletedSchema }>(
    'DELETE',
    '/api/admin/shipping/zones/:id',
  ),
  createMethod: endpoint<{ body: typeof AdminShippingMethodBodySchema; data: typeof AdminShippingMethodSchema }>(
    'POST',
    '/api/admin/shipping/methods',
  ),
  orderMethods: endpoint<{ body: typeof AdminShippingMethodOrderSchema; data: Overview }>(
    'PUT',
    '/api/admin/shipping/methods/order',
  ),
  updateMethod: endpoint<{
    params: MethodParams;
    body: typeof AdminShippingMethodBodySchema;
    data: typeof AdminShippingMethodSchema;
  }>('PUT', '/api/admin/shipping/methods/:code'),
  removeMethod: endpoint<{ params: MethodParams; data: typeof AdminShippingMethodDeletedSchema }>(
    'DELETE',
    '/api/admin/shipping/methods/:code',
  ),
} as const;
