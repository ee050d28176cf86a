import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PushDeviceParamsSchema,
  PushDeviceSchema,
  PushDevicesSchema,
  PushKeySchema,
  PushSubscribeBodySchema,
  adminPushApi,
  pushMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { listDevices, subscribeDevice, unsubscribeDevice } from '../../push/devices.ts';
import { vapidKeys } from '../../push/vapid.ts';
import { requireStaff } from '../auth.ts';
import { ownerRouteDoc } from '../if-match.ts';

/** Staff whose role includes orders (owner, manager, packer): they are the ones order alerts tell. */
const doc = ownerRouteDoc('orders');

/** Web Push for staff (issue 25): "Notifications on this device" on the panel's account page. */
export const adminPushRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminPushApi.key,
    {
      schemas: { data: PushKeySchema },
      ...doc("The shop's VAPID public key (base64url): PushManager.subscribe's applicationServerKey", []),
    },
    async (req) => {
      await requireStaff(req);
      return ok({ public_key: (await vapidKeys(app.db, app.env)).publicKey });
    },
  );

  registerEndpoint(
    app,
    adminPushApi.devices,
    {
      schemas: { data: PushDevicesSchema },
      ...doc('Your devices with order notifications on, newest first', []),
    },
    async (req) => {
      const m = await requireStaff(req);
      return ok({ devices: await listDevices(app.db, m.id) });
    },
  );

  registerEndpoint(
    app,
    adminPushApi.subscribe,
    {
      schemas: { body: PushSubscribeBodySchema, data: PushDeviceSchema },
      ...doc(
        'Turns order notifications on for this browser: its PushSubscription (endpoint https://, keys p256dh and auth). The same endpoint again updates its row and binds it to you. A notification for each new order and refund request you are e-mailed about',
        [422],
      ),
    },
    async (req) => {
      const m = await requireStaff(req);
      const device = await subscribeDevice(app.db, app.env, m.id, req.body, req.headers['user-agent']);
      return ok(device, pushMessages.subscribed);
    },
  );

  registerEndpoint(
    app,
    adminPushApi.unsubscribe,
    {
      schemas: { params: PushDeviceParamsSchema, data: PushDevicesSchema },
      ...doc('Turns notifications off for one of your devices; answers those left (404 for one not yours)', [404]),
    },
    async (req) => {
      const m = await requireStaff(req);
      return ok({ devices: await unsubscribeDevice(app.db, m.id, req.params.id) }, pushMessages.unsubscribed);
    },
  );
};
