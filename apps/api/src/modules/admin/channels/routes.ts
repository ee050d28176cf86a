import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminChannelListSchema,
  AdminChannelSchema,
  ChannelBodySchema,
  ChannelIdParamsSchema,
  adminChannelMessages,
  adminChannelsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { ownerAct, ownerRouteDoc } from '../if-match.ts';
import { addChannel, deleteChannel, listAdminChannels, saveChannel } from './service.ts';

/** Owners and managers (area settings, as store settings and shipping). */
const doc = ownerRouteDoc('settings');
/** Channel writes take no If-Match: a rename is whole, and the rules hold on the row itself. */
const NO_IF_MATCH = 'Channels take no If-Match header';

/** Sales channels (issue 28). Thin routes over ./service.ts. */
export const adminChannelRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminChannelsApi.list,
    {
      schemas: { data: AdminChannelListSchema },
      ...doc('The channels with their currency, country, products priced, orders and carts; the shop’s countries', []),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await listAdminChannels(app.db));
    },
  );

  registerEndpoint(
    app,
    adminChannelsApi.add,
    {
      schemas: { body: ChannelBodySchema, data: AdminChannelSchema },
      ...doc('Adds a channel (its id a slug of the name; 422 when the name is taken)', [422]),
    },
    async (req) => {
      const act = await ownerAct(req, NO_IF_MATCH);
      return ok(await addChannel(app.db, act, req.body), adminChannelMessages.added);
    },
  );

  registerEndpoint(
    app,
    adminChannelsApi.save,
    {
      schemas: { params: ChannelIdParamsSchema, body: ChannelBodySchema, data: AdminChannelSchema },
      ...doc(
        'Renames a channel; its currency and country change only while nothing is priced or ordered in it (409)',
        [404, 409, 422],
      ),
    },
    async (req) => {
      const act = await ownerAct(req, NO_IF_MATCH);
      return ok(await saveChannel(app.db, act, req.params.id, req.body), adminChannelMessages.saved);
    },
  );

  registerEndpoint(
    app,
    adminChannelsApi.remove,
    {
      schemas: { params: ChannelIdParamsSchema, data: AdminChannelListSchema },
      ...doc(
        'Deletes a channel and its prices, moving its carts to the default channel; 409 for the storefront’s channel, the default one, or one with orders',
        [404, 409, 422],
      ),
    },
    async (req) => {
      const act = await ownerAct(req, NO_IF_MATCH);
      return ok(await deleteChannel(app.db, act, req.params.id), adminChannelMessages.deleted);
    },
  );
};
