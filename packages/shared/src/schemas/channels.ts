import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { StorefrontSchema } from './storefront.ts';
import { plainText } from './text.ts';

/** The cookie that remembers the shopper's channel (one year; read only with enable_multi_channel on). */
export const CHANNEL_COOKIE = 'sf_channel';

/** Texts of the channel picker that the spec leaves to us. */
export const channelMessages = {
  chosen: (name: string) => `You are now shopping in ${name}`,
  unknown: 'This store is not available',
  multiChannelOff: 'This shop has one store only',
  removed: (n: number, name: string) =>
    `${n} ${n === 1 ? 'item is' : 'items are'} not sold in ${name} and ${n === 1 ? 'was' : 'were'} removed from your cart`,
  notSoldHere: 'This product is not available in your region',
  couponCurrency: 'This coupon cannot be used in this currency',
} as const;

/** A channel a shopper may pick: its currency and country (the storefront's `channel` shape). */
export const ChannelSchema = StorefrontSchema.shape.channel;
export type Channel = z.infer<typeof ChannelSchema>;

/** GET /api/storefront/channels. */
export const ChannelListSchema = z.object({
  /** enable_multi_channel: the picker shows only when it is on and there is more than one channel. */
  enabled: z.boolean(),
  /** The request's channel (cookie, else default_channel, else the storefront's). */
  current: ChannelSchema,
  channels: z.array(ChannelSchema),
});
export type ChannelList = z.infer<typeof ChannelListSchema>;

/** PUT /api/storefront/channel. */
export const ChooseChannelBodySchema = z.object({
  channel_id: plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(64, { error: messages.maxLength(64) }),
  ),
});
export type ChooseChannelBody = z.input<typeof ChooseChannelBodySchema>;

export const ChannelChosenSchema = z.object({
  channel: ChannelSchema,
  /** Names of the cart lines not sold in the new channel, removed from the shopper's cart. */
  removed_items: z.array(z.string()),
});
export type ChannelChosen = z.infer<typeof ChannelChosenSchema>;
