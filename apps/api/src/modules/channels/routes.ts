import type { FastifyInstance } from 'fastify';
import {
  CHANNEL_COOKIE,
  ChannelChosenSchema,
  ChannelListSchema,
  ChooseChannelBodySchema,
  channelMessages,
  channelsApi,
} from '@shopfront/shared';
import { cookieOptions } from '../../lib/cookies.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { cartOwnerOf } from '../cart/cart-cookie.ts';
import { chooseChannel, listChannels } from './service.ts';

const tags = ['storefront'];
const YEAR_MS = 365 * 24 * 60 * 60_000;
/** Picking a channel rewrites the shopper's cart: plenty for a person, little for a loop. */
export const CHOOSE_CHANNEL_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

/** The shopper's country/currency channel (issue 12, Channels; ADR 0027). */
export async function channelRoutes(app: FastifyInstance) {
  registerEndpoint(
    app,
    channelsApi.list,
    {
      schemas: { data: ChannelListSchema },
      tags,
      summary:
        "The channels (currency, country with mobile code and number length), the request's own, and whether a shopper may pick one (enable_multi_channel)",
    },
    async (req) => ok(await listChannels(app.db, await req.shop())),
  );

  registerEndpoint(
    app,
    channelsApi.choose,
    {
      schemas: { body: ChooseChannelBodySchema, data: ChannelChosenSchema },
      tags,
      summary:
        'Picks the channel for this browser (the sf_channel cookie, one year). The cart follows: lines not sold there are removed (named in removed_items), the rest are priced in the new currency. 409 while enable_multi_channel is off, 422 for an unknown channel',
      errors: [409, 422, 429],
      config: { rateLimit: CHOOSE_CHANNEL_LIMIT },
    },
    async (req, reply) => {
      const [shop, owner] = await Promise.all([req.shop(), cartOwnerOf(req)]);
      const result = await chooseChannel(app.db, shop, owner, req.body.channel_id);
      reply.setCookie(CHANNEL_COOKIE, result.channel.id, cookieOptions(app.env, req, YEAR_MS));
      const n = result.removed_items.length;
      const chosen = channelMessages.chosen(result.channel.name);
      return ok(result, n ? `${chosen}. ${channelMessages.removed(n, result.channel.name)}` : chosen);
    },
  );
}
