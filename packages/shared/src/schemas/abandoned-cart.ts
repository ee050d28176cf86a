import { z } from '../zod.ts';
import { messages } from '../messages.ts';

/**
 * The AbandonedCart plugin (spec section 3, "abandoned-cart token"; section 7,
 * POST /api/plugins/AbandonedCart): a cart left with a contact and consent gets one reminder, whose
 * link restores the cart on any device.
 */
export const ABANDONED_CART = {
  /** The plugins row's module_name. */
  moduleName: 'AbandonedCart',
  /** Minutes of inactivity before the reminder (config `delay_minutes`): default and bounds. */
  delayMinutes: { default: 180, min: 15, max: 10_080 },
  /** The link in the reminder works this long after it was sent. */
  linkDays: 7,
} as const;

export const abandonedCartMessages = {
  restored: 'Your cart has been restored',
  invalidLink: 'This cart link is invalid or has expired',
  alreadyOrdered: 'The items of this cart have already been ordered',
} as const;

/** POST /api/plugins/AbandonedCart: the token of the reminder's link (/cart/restore/{token}). */
export const RestoreCartBodySchema = z.object({
  token: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(200, { error: messages.maxLength(200) }),
});
export type RestoreCartBody = z.input<typeof RestoreCartBodySchema>;
