import type { ChannelChosenSchema, ChannelListSchema, ChooseChannelBodySchema } from '../schemas/channels.ts';
import { endpoint } from './endpoint.ts';

/** The shopper's country/currency channel (issue 12, Channels; ADR 0027). */
export const channelsApi = {
  list: endpoint<{ data: typeof ChannelListSchema }>('GET', '/api/storefront/channels'),
  choose: endpoint<{ body: typeof ChooseChannelBodySchema; data: typeof ChannelChosenSchema }>(
    'PUT',
    '/api/storefront/channel',
  ),
} as const;
