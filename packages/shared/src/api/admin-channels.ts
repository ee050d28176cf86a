import type {
  AdminChannelListSchema,
  AdminChannelSchema,
  ChannelBodySchema,
  ChannelIdParamsSchema,
} from '../schemas/admin-channels.ts';
import { endpoint } from './endpoint.ts';

/**
 * Sales channels (issue 28): list, add, edit, delete. Area `settings` (owner and manager; 403
 * for packers and content editors); 422 with field messages for bad input; 409 with the reason
 * for a change the channel's use forbids.
 */
export const adminChannelsApi = {
  list: endpoint<{ data: typeof AdminChannelListSchema }>('GET', '/api/admin/channels'),
  add: endpoint<{ body: typeof ChannelBodySchema; data: typeof AdminChannelSchema }>('POST', '/api/admin/channels'),
  /** Currency and country change only while nothing is priced or ordered in it (409). */
  save: endpoint<{
    params: typeof ChannelIdParamsSchema;
    body: typeof ChannelBodySchema;
    data: typeof AdminChannelSchema;
  }>('PUT', '/api/admin/channels/:id'),
  /** Its carts move to the default channel; 409 for the storefront's channel, the default one, or one with orders. */
  remove: endpoint<{ params: typeof ChannelIdParamsSchema; data: typeof AdminChannelListSchema }>(
    'DELETE',
    '/api/admin/channels/:id',
  ),
} as const;
