import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { emailField } from './auth.ts';
import { plainText } from './text.ts';
import {
  GALLERY_MAX_IMAGES,
  PINCODE_MAX_LENGTH,
  SUBSCRIPTION_SOURCES,
  TRADE_PRODUCT_SLUG,
  galleryMessages,
  pincodeMessages,
  SHOP_ANALYTICS_EVENTS,
  shopAnalyticsMessages,
  tradeEnquiryMessages,
} from './plugins-shopper-messages.ts';

/**
 * Payloads of the shopper-facing plugins (spec section 7, Plugins): PincodeAvaliability,
 * TradeEnquiry, emailSubscription, Gallery and customGallery. Texts and limits are in
 * plugins-shopper-messages.ts (no zod there, for the browser).
 */

// ---------------------------------------------------------------------------------------------
// PincodeAvaliability
// ---------------------------------------------------------------------------------------------

/** GET /api/plugins/PincodeAvaliability/check?pincode= (the country's pattern is checked by the service). */
export const PincodeQuerySchema = z.object({
  pincode: plainText(
    z
      .string({ error: pincodeMessages.required })
      .trim()
      .min(1, { error: pincodeMessages.required, abort: true })
      .max(PINCODE_MAX_LENGTH, { error: messages.maxLength(PINCODE_MAX_LENGTH) }),
  ),
});
export type PincodeQuery = z.input<typeof PincodeQuerySchema>;

export const PincodeCheckSchema = z.object({
  /** As checked: trimmed, upper case, without spaces or hyphens. */
  pincode: z.string(),
  serviceable: z.boolean(),
  /** Working days of the offered delivery options (fastest minimum, the default option's maximum), the latest date; null when not served. */
  delivery: z
    .object({ min_days: z.number().int(), max_days: z.number().int(), by: z.string().describe('YYYY-MM-DD') })
    .nullable(),
  /** Cash on Delivery possible there (the zone takes it and the method is active). */
  cod: z.boolean(),
  message: z.string(),
});
export type PincodeCheck = z.infer<typeof PincodeCheckSchema>;

// ---------------------------------------------------------------------------------------------
// TradeEnquiry
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/plugins/TradeEnquiry/submit: the fields of the `trade-enquiry` form (checked against
 * its definition by the forms module) plus, from a product page, `product` (the product's slug).
 */
export const TradeEnquiryBodySchema = z.record(z.string(), z.unknown(), { error: messages.fallback }).optional();
/** The product an enquiry is about: its slug and name. */
export const TradeEnquiryProductSchema = z.object({ slug: z.string(), name: z.string() });
export type TradeEnquiryProduct = z.infer<typeof TradeEnquiryProductSchema>;
export const TradeEnquiryResultSchema = z.object({
  form_id: z.string(),
  product: TradeEnquiryProductSchema.nullable(),
});
export type TradeEnquiryResult = z.infer<typeof TradeEnquiryResultSchema>;

/** GET /api/plugins/TradeEnquiry/product/:slug: the product named by the trade page's `?product=`. */
export const TradeEnquiryProductParamsSchema = z.object({
  slug: z
    .string({ error: tradeEnquiryMessages.productNotFound })
    .regex(TRADE_PRODUCT_SLUG, { error: tradeEnquiryMessages.productNotFound }),
});

// ---------------------------------------------------------------------------------------------
// emailSubscription
// ---------------------------------------------------------------------------------------------

export const SubscribeBodySchema = z.object({
  email: emailField,
  source: z.enum(SUBSCRIPTION_SOURCES, { error: messages.fallback }).default('footer'),
});
export type SubscribeBody = z.input<typeof SubscribeBodySchema>;
/** Always the same answer for an accepted address: whether it was already on the list is never told. */
export const SubscribeResultSchema = z.object({ email: z.string() });

/** The token of a link from an e-mail (confirmation: random; unsubscribe: signed). */
const linkToken = z
  .string({ error: messages.required })
  .min(1, { error: messages.required, abort: true })
  .max(200, { error: messages.fallback })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: messages.fallback });
export const SubscriptionTokenBodySchema = z.object({ token: linkToken });
export const SubscriptionTokenParamsSchema = z.object({ token: linkToken });

export const SUBSCRIPTION_STATUSES = ['none', 'pending', 'confirmed', 'unsubscribed'] as const;
export const SubscriptionSchema = z.object({
  /** On link pages masked (a•••@example.com); the signed-in customer's own address in full. */
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** PUT /api/plugins/emailSubscription/me: the signed-in customer subscribes (double opt-in) or leaves. */
export const AccountSubscriptionBodySchema = z.object({
  subscribed: z.boolean({ error: messages.fallback }),
});

// ---------------------------------------------------------------------------------------------
// Gallery, customGallery
// ---------------------------------------------------------------------------------------------

/** A link of a gallery image: a path on this shop or an https address ('' for none). */
const galleryLink = plainText(
  z
    .string({ error: galleryMessages.link })
    .trim()
    .max(500, { error: messages.maxLength(500) })
    .refine(
      (v) =>
        v === '' || (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || /^https:\/\/[^\s/]+/.test(v),
      {
        error: galleryMessages.link,
      },
    ),
);

/** One hand-picked image as an editor sends it. */
export const GalleryImageInputSchema = z.object({
  path: z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(500, { error: messages.maxLength(500) }),
  alt: plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(200, { error: messages.maxLength(200) }),
  ),
  caption: plainText(
    z
      .string()
      .trim()
      .max(300, { error: messages.maxLength(300) }),
  )
    .nullish()
    .transform((v) => v || null),
  link: galleryLink.nullish().transform((v) => v || null),
});
export type GalleryImageInput = z.input<typeof GalleryImageInputSchema>;

/** POST /api/plugins/customGallery. */
export const CustomGalleryBodySchema = z.object({
  images: z
    .array(GalleryImageInputSchema, { error: messages.fallback })
    .min(1, { error: galleryMessages.empty })
    .max(GALLERY_MAX_IMAGES, { error: galleryMessages.tooMany }),
});
export type CustomGalleryBody = z.input<typeof CustomGalleryBodySchema>;

/** A gallery image as answered: its media path, texts, and what a responsive `<img>` needs. */
export const GalleryImageSchema = z.object({
  /** The original under /media (canonical: no resized-variant segment). */
  path: z.string(),
  alt: z.string(),
  caption: z.string().nullable(),
  link: z.string().nullable(),
  /** The fallback `src` (640 CSS pixels wide), the width-described `srcset` and a `sizes` for a full-width view. */
  src: z.string(),
  srcset: z.string(),
  sizes: z.string(),
  /** The original's pixel size, when read (customGallery reads it; a stored gallery does not). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

const galleryId = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(64, { error: messages.maxLength(64) })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: messages.fallback });

/** POST /api/plugins/Gallery. */
export const GalleryBodySchema = z.object({ id: galleryId });

export const GallerySchema = z.object({ id: z.string(), name: z.string(), images: z.array(GalleryImageSchema) });
export type Gallery = z.infer<typeof GallerySchema>;

export const CustomGallerySchema = z.object({ images: z.array(GalleryImageSchema) });
export type CustomGallery = z.infer<typeof CustomGallerySchema>;

// ---------------------------------------------------------------------------------------------
// ShopAnalytics (first-party statistics)
// ---------------------------------------------------------------------------------------------

/** POST /api/plugins/ShopAnalytics/collect: one page view or shopping event, amounts in major units. */
export const ShopAnalyticsEventBodySchema = z
  .object({
    event: z.enum(SHOP_ANALYTICS_EVENTS, { error: messages.fallback }),
    /** The page's path and query (no host: only this shop's pages are counted). */
    path: z
      .string({ error: messages.required })
      .max(500, { error: messages.maxLength(500) })
      .regex(/^\/(?!\/)/, { error: messages.fallback }),
    value: z.number({ error: messages.numeric }).min(0, { error: messages.fallback }).max(1e9).optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { error: messages.fallback })
      .optional(),
    /** How many items the event is about (a cart's units). */
    items: z.number({ error: messages.integer }).int({ error: messages.integer }).min(0).max(10_000).optional(),
    /** The order number of a purchase. */
    transaction_id: z
      .string()
      .max(40, { error: messages.maxLength(40) })
      .regex(/^[A-Za-z0-9_-]+$/, { error: messages.fallback })
      .optional(),
  })
  .refine((b) => b.event !== 'purchase' || Boolean(b.transaction_id), {
    error: shopAnalyticsMessages.transactionRequired,
    path: ['transaction_id'],
  });
export type ShopAnalyticsEventBody = z.input<typeof ShopAnalyticsEventBodySchema>;

/** False for a purchase already recorded (each order counts once). */
export const ShopAnalyticsRecordedSchema = z.object({ recorded: z.boolean() });
