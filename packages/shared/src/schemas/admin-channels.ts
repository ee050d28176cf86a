import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';

/**
 * Sales channels in the owner's panel (issue 28): a name, a currency and a country; the shopper
 * picks one (ADR 0027). Area `settings` (owner and manager).
 */
export const adminChannelMessages = {
  added: 'Channel added',
  saved: 'Channel saved',
  deleted: 'Channel deleted',
  notFound: 'This channel no longer exists',
  nameTaken: 'A channel with this name exists already',
  currency: 'Enter the currency’s three-letter code in capitals, like AED',
  countryChoice: 'Pick a country from the list',
  locked:
    'The currency and country cannot change once products are priced or orders placed in this channel: add a new channel instead',
  storefrontChannel: 'This is your storefront’s own channel: it cannot be deleted',
  defaultChannel: 'This is the default channel (Settings → Channels): choose another default first',
  hasOrders: (n: number) =>
    `${n} order${n === 1 ? ' was' : 's were'} placed in this channel: it cannot be deleted, so those orders keep their currency`,
  gone: 'This store is no longer available: reload the page',
} as const;

/** ISO 4217: three capital letters. */
export const CURRENCY_CODE_RE = /^[A-Z]{3}$/;

/** POST /api/admin/channels, PUT /api/admin/channels/:id */
export const ChannelBodySchema = z.strictObject({
  name: plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(60, { error: messages.maxLength(60) }),
  ),
  currency_code: z
    .string({ error: adminChannelMessages.currency })
    .trim()
    .regex(CURRENCY_CODE_RE, { error: adminChannelMessages.currency }),
  /** The country's ISO 3166 code ('AE'), one of the shop's countries. */
  country: z
    .string({ error: adminChannelMessages.countryChoice })
    .regex(/^[A-Z]{2}$/, { error: adminChannelMessages.countryChoice }),
});
export type ChannelBody = z.input<typeof ChannelBodySchema>;

export const ChannelIdParamsSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,64}$/, { error: adminChannelMessages.notFound }),
});

/** One channel as the owner sees it: what it sells in and what depends on it. */
export const AdminChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency_code: z.string(),
  country: z.object({ iso2: z.string(), name: z.string() }),
  /** The default storefront's own channel: listings are priced in it; never deleted. */
  is_storefront: z.boolean(),
  /** The `default_channel` setting names it. */
  is_default: z.boolean(),
  /** Products with at least one variant priced in it. */
  products: z.number().int(),
  orders: z.number().int(),
  carts: z.number().int(),
  /** Currency and country may still change: nothing priced or ordered in it. */
  can_change_currency: z.boolean(),
  /** Not the storefront's, not the default, no orders (carts move to the default channel). */
  can_delete: z.boolean(),
});
export type AdminChannel = z.infer<typeof AdminChannelSchema>;

/** A country a channel may sell in, with its own currency (the add form's suggestion). */
export const ChannelCountrySchema = z.object({
  iso2: z.string(),
  name: z.string(),
  currency_code: z.string(),
});

/** GET /api/admin/channels: the storefront's channel first, then by name; the shop's countries. */
export const AdminChannelListSchema = z.object({
  channels: z.array(AdminChannelSchema),
  countries: z.array(ChannelCountrySchema),
});
export type AdminChannelList = z.infer<typeof AdminChannelListSchema>;
