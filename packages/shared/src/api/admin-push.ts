import type {
  PushDeviceParamsSchema,
  PushDeviceSchema,
  PushDevicesSchema,
  PushKeySchema,
  PushSubscribeBodySchema,
} from '../schemas/admin-push.ts';
import { endpoint } from './endpoint.ts';

/**
 * Web Push for staff (issue 25), area `orders` (owner, manager, packer; 403 for content editors).
 * Each member sees and removes only their own devices; writes need the CSRF header as every
 * cookie-session write of the owner's API.
 */
export const adminPushApi = {
  /** The public half of the shop's VAPID key pair, for PushManager.subscribe. */
  key: endpoint<{ data: typeof PushKeySchema }>('GET', '/api/admin/push/key'),
  /** The signed-in member's devices with notifications on. */
  devices: endpoint<{ data: typeof PushDevicesSchema }>('GET', '/api/admin/push/devices'),
  /** Turns notifications on for this browser (the same endpoint again updates its row). */
  subscribe: endpoint<{ body: typeof PushSubscribeBodySchema; data: typeof PushDeviceSchema }>(
    'POST',
    '/api/admin/push/devices',
  ),
  /** Turns one of your devices off; answers the devices left. 404 for one not yours. */
  unsubscribe: endpoint<{ params: typeof PushDeviceParamsSchema; data: typeof PushDevicesSchema }>(
    'DELETE',
    '/api/admin/push/devices/:id',
  ),
} as const;
