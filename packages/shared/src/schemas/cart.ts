import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import { ImageRefSchema } from './storefront.ts';
import { STOCK_STATUSES } from './catalog.ts';
import { AddressSchema, AddressTypeSchema } from './address.ts';
import { plainText } from './text.ts';
import { gstinMessages, isValidGstin } from '../gstin.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_CUSTOM_TEXT } from '../constants.ts';

/** Texts of the cart that the spec leaves to us (spec section 5 gives 'Your cart is empty'). */
export const cartMessages = {
  empty: 'Your cart is empty',
  added: 'Added to your cart',
  updated: 'Cart updated',
  removed: 'Removed from your cart',
  productNotFound: 'This product is not available',
  chooseVariant: 'Please choose an option first',
  serviceApply: 'This is a service: apply for it from its page',
  outOfStock: 'This product is out of stock',
  onlyLeft: (n: number) => `Only ${n} left in stock`,
  lineMax: (n: number) => `You can buy up to ${n} of this item`,
  cartFull: `Your cart can hold up to ${MAX_CART_LINES} different items`,
  itemNotFound: 'This item is no longer in your cart',
  priceNotAllowed: 'Prices and totals are decided by the shop and cannot be sent',
  customisationOff: 'This product cannot be customised',
  pricesUpdated: 'Some prices have changed since you added them. Please review your cart',
  pricesAccepted: 'Your cart now shows the latest prices',
  stockChanged: 'Some items are no longer available in the quantity you chose',
  shippingMethodUnknown: 'This delivery option is not available',
  paymentMethodUnknown: 'This payment option is not available',
  addressSaved: 'Address saved to your cart',
  contactSaved: 'Contact details saved',
  mergedOnLogin: 'We added the items from your earlier visit to your cart',
  // Coupons.
  couponApplied: 'Coupon applied',
  couponRemoved: 'Coupon removed',
  couponUnknown: 'This coupon code is not valid',
  /** `when`: the day it starts in the shop's time zone ("12 March 2027", "… at 6:00 pm" when not at midnight). */
  couponStartsOn: (when: string) => `This coupon starts on ${when}`,
  couponExpired: 'This coupon has expired',
  couponMinimum: (missing: string) => `Add items worth ${missing} more to use this coupon`,
  couponNotApplicable: 'This coupon does not apply to the items in your cart',
  couponUsedUp: 'This coupon has been used up',
  couponUsedByYou: 'You have already used this coupon',
  couponLogin: 'Please log in to use this coupon',
  couponFirstOrder: 'This coupon is only for your first order',
  noCoupon: 'No coupon is applied',
} as const;

const quantity = (min: number) =>
  z
    .number({ error: messages.numeric })
    .int({ error: messages.integer })
    .min(min, { error: messages.atLeast(min) })
    .max(MAX_LINE_QUANTITY, { error: cartMessages.lineMax(MAX_LINE_QUANTITY) });

const id = (max = 64) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
  );

/**
 * Keys a client may send but that name money: refused with 422, never read (ARCHITECTURE: a
 * price or total in any request body is refused).
 */
const MONEY_KEYS = [
  'price',
  'unit_price',
  'selling_price',
  'mrp',
  'total',
  'subtotal',
  'grand_total',
  'line_total',
  'discount',
  'amount',
] as const;

function refusingMoney<T extends z.ZodRawShape>(shape: T) {
  const forbidden = Object.fromEntries(
    MONEY_KEYS.map((k) => [k, z.never({ error: cartMessages.priceNotAllowed }).optional()]),
  ) as Record<(typeof MONEY_KEYS)[number], z.ZodOptional<z.ZodNever>>;
  return z.object({ ...shape, ...forbidden }).strict();
}

/** The cart cookie fields of spec section 7; accepted in a body for old clients, never trusted (the cookie is). */
export const cookieFields = {
  api_cart: z
    .union([z.string().max(200), z.number(), z.boolean()])
    .optional()
    .nullable(),
  cart_session: z.string().max(200).optional().nullable(),
};

/** Customisation of a line (spec section 3, ProductCustomisation plugin): text and/or an uploaded image. */
export const AdditionalDataSchema = z
  .object({
    custom_text: plainText(
      z
        .string()
        .trim()
        .max(MAX_CUSTOM_TEXT, { error: messages.maxLength(MAX_CUSTOM_TEXT) }),
    )
      .optional()
      .nullable(),
    /** A path answered by POST /api/cart/customisation-image (nothing else is accepted). */
    image_path: z
      .string()
      .regex(/^\/media\/customisations\/[a-f0-9]{32}\.webp$/, { error: messages.fallback })
      .optional()
      .nullable(),
  })
  .strict();
export type AdditionalData = z.input<typeof AdditionalDataSchema>;

/** POST /api/cart/add-item. `product_id` names the purchasable variant (ADR 0020); a product id is taken when it has one variant. */
export const AddItemBodySchema = refusingMoney({
  product_id: id(),
  quantity: quantity(1).default(1),
  additonal_data: AdditionalDataSchema.optional().nullable(),
  ...cookieFields,
});
export type AddItemBody = z.input<typeof AddItemBodySchema>;

/** PUT /api/cart/update-qty: `item_id` picks the line when one variant has several (customised) lines; 0 removes. */
export const UpdateQtyBodySchema = refusingMoney({
  product_id: id(),
  item_id: id().optional(),
  quantity: quantity(0),
  ...cookieFields,
});
export type UpdateQtyBody = z.input<typeof UpdateQtyBodySchema>;

/** DELETE /api/cart/remove-item. */
export const RemoveItemBodySchema = refusingMoney({
  product_id: id(),
  item_id: id().optional(),
  ...cookieFields,
});
export type RemoveItemBody = z.input<typeof RemoveItemBodySchema>;

/** A coupon code as typed (any letter case; the server judges it): the cart's and a service fee's (ADR 37). */
export const CouponCodeSchema = plainText(
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(40, { error: messages.maxLength(40) }),
);

/** POST /api/cart/coupons/apply. */
export const ApplyCouponBodySchema = refusingMoney({ coupon: CouponCodeSchema, ...cookieFields });
export type ApplyCouponBody = z.input<typeof ApplyCouponBodySchema>;

/** DELETE /api/cart/coupons/remove: the coupon named is optional (there is at most one). */
export const RemoveCouponBodySchema = refusingMoney({
  coupon: plainText(z.string().max(40, { error: messages.maxLength(40) })).optional(),
  ...cookieFields,
});

/** PUT /api/cart/update-shipping-mode and /update-payment-mode: the method's code. */
export const ModeBodySchema = refusingMoney({ mode: id(40), ...cookieFields });
export type ModeBody = z.input<typeof ModeBodySchema>;

/** PUT /api/cart/update-contact: a guest's (or customer's) contact for this order. */
export const ContactBodySchema = refusingMoney({
  email: z
    .email({ error: messages.email })
    .max(254, { error: messages.maxLength(254) })
    .optional()
    .nullable(),
  phone: z
    .string()
    .regex(/^\d*$/, { error: messages.numeric, abort: true })
    .min(6, { error: messages.minLength(6) })
    .max(15, { error: messages.maxLength(15) })
    .optional()
    .nullable(),
  /** Consent to one reminder about this cart (AbandonedCart plugin). */
  marketing_consent: z.boolean().optional(),
  ...cookieFields,
});
export type ContactBody = z.input<typeof ContactBodySchema>;

/** PUT /api/cart/update: cart-wide fields. */
export const CartUpdateBodySchema = refusingMoney({
  note: plainText(
    z
      .string()
      .trim()
      .max(500, { error: messages.maxLength(500) }),
    { multiline: true },
  )
    .optional()
    .nullable(),
  billing_same_as_shipping: z.boolean().optional(),
  /** The buyer's GSTIN for a business tax invoice (spaces dropped, upper-cased); '' or null removes it and its name. */
  buyer_gstin: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === '' || isValidGstin(v), { error: gstinMessages.invalid })
    .optional()
    .nullable(),
  /** The registered business name of buyer_gstin; required with it. */
  buyer_business_name: plainText(
    z
      .string()
      .trim()
      .max(120, { error: messages.maxLength(120) }),
  )
    .optional()
    .nullable(),
  ...cookieFields,
}).superRefine((v, ctx) => {
  const gstin = v.buyer_gstin ?? '';
  const name = v.buyer_business_name ?? '';
  if (gstin && !name) {
    ctx.addIssue({ code: 'custom', path: ['buyer_business_name'], message: messages.fieldEmpty('Business name') });
  }
  if (name && !gstin) {
    ctx.addIssue({ code: 'custom', path: ['buyer_gstin'], message: messages.fieldEmpty('GSTIN') });
  }
});
export type CartUpdateBody = z.input<typeof CartUpdateBodySchema>;

/** PUT /api/cart/update-address head: `address_type` plus a saved `address_id`, or the address fields (checked like the address book's). */
export const CartAddressHeadSchema = z.looseObject({
  address_type: AddressTypeSchema,
  address_id: z.number().int().positive().optional(),
});

/** An empty body (update-items-price, coupons/remove without a code). */
export const EmptyCartBodySchema = refusingMoney({ ...cookieFields });

/** POST /api/wishlist/moveToCart. */
export const MoveToCartBodySchema = refusingMoney({
  product_id: id(),
  quantity: quantity(1).default(1),
  ...cookieFields,
});
export type MoveToCartBody = z.input<typeof MoveToCartBodySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const CartItemSchema = z.object({
  /** The line; several lines may hold one variant with different customisation. */
  id: z.string(),
  /** The purchasable variant (ADR 0020). */
  product_id: z.string(),
  quantity: z.number().int(),
  /** Spec section 3: the quantity as shown (units; no pack sizes yet). */
  quantity_in_display_unit: z.number().int(),
  product: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    url: z.string(),
    brand: z.string().nullable(),
    image: ImageRefSchema.nullable(),
    is_customisation_enabled: z.boolean(),
  }),
  variant: z.object({
    id: z.string(),
    title: z.string(),
    options: z.record(z.string(), z.string()),
    sku: z.string(),
  }),
  unit_price: MoneySchema,
  mrp: MoneySchema.nullable(),
  /** unit_price × quantity. */
  line_total: MoneySchema,
  /** This line's share of the coupon discount. */
  discount: MoneySchema,
  /** The GST rate of the product's tax class (issue 26). */
  tax_rate_percent: z.number(),
  /** The tax this line's total (after its discount) includes: total × r / (100 + r), rounded per line. */
  tax: MoneySchema,
  /** The unit price when the shopper last saw it; differs from unit_price until prices are accepted. */
  previous_unit_price: MoneySchema.nullable(),
  price_changed: z.boolean(),
  stock_status: z.enum(STOCK_STATUSES),
  /** How many the shopper may hold on this line now: min(stock, per-line maximum). 0 when sold out. */
  max_quantity: z.number().int(),
  /** The line asks for more than there is (or the product is gone off sale). */
  out_of_stock: z.boolean(),
  additonal_data: z.object({ custom_text: z.string().nullable(), image_path: z.string().nullable() }).nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  discount: MoneySchema,
  /** False when the cart no longer meets the coupon's rules (it stays, discounting nothing, until removed or met again). */
  applicable: z.boolean(),
  message: z.string().nullable(),
});

export const CartMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price: MoneySchema,
  /** Delivery estimate in days (the method's, else its zone's); null when unknown. */
  delivery_days_min: z.number().int().nullable(),
  delivery_days_max: z.number().int().nullable(),
});
export type CartMethod = z.infer<typeof CartMethodSchema>;

/** A payment method the cart offers (ADR 0023). */
export const CartPaymentMethodSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** 'offline': paid on delivery; 'online': through a payment provider's page. */
  kind: z.enum(['offline', 'online']),
  /** What choosing it adds to the total (Cash on Delivery's fee in the address's zone). */
  fee: MoneySchema,
});
export type CartPaymentMethod = z.infer<typeof CartPaymentMethodSchema>;

export const CartTotalsSchema = z.object({
  /** Σ unit price × quantity. */
  subtotal: MoneySchema,
  /** Σ MRP × quantity (the price before the shop's own discount). */
  mrp_total: MoneySchema,
  /** mrp_total − subtotal. */
  savings: MoneySchema,
  coupon_discount: MoneySchema,
  shipping: MoneySchema,
  /** The Cash on Delivery fee of the address's zone, when Cash on Delivery is the chosen payment method. */
  cod_fee: MoneySchema,
  /** The tax contained in the grand total (prices include tax). */
  tax_included: MoneySchema,
  /** subtotal − coupon_discount + shipping + cod_fee. */
  grand_total: MoneySchema,
});

/**
 * How far the cart is from free shipping: the offered delivery option that turns free at the
 * lowest goods amount (the chosen one on a tie), measured like the shipping price is.
 */
export const CartFreeShippingSchema = z.object({
  threshold: MoneySchema.describe(
    "The goods amount (subtotal after the coupon discount) from which this option's shipping is free.",
  ),
  remaining: MoneySchema.describe('What the goods still lack to reach the threshold; 0 once reached.'),
  method: z
    .object({ code: z.string(), name: z.string() })
    .describe('The delivery option that becomes free (it may not be the chosen one).'),
});
export type CartFreeShipping = z.infer<typeof CartFreeShippingSchema>;

/** The cart (spec section 3 Cart) with a complete breakdown. */
export const CartSchema = z.object({
  /** The cart's public reference; the secret that finds a guest cart stays in the HttpOnly cookie. */
  cart_session: z.string().nullable(),
  session_id: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  items: z.array(CartItemSchema),
  total_quantity: z.number().int(),
  coupon: CartCouponSchema.nullable(),
  totals: CartTotalsSchema,
  grand_total: MoneySchema,
  currency: z.string(),
  shipping_address: AddressSchema.nullable(),
  billing_address: AddressSchema.nullable(),
  billing_same_as_shipping: z.boolean(),
  /** The chosen delivery option if the address is still served by it, else the first one offered. */
  shipping_method: CartMethodSchema.nullable(),
  /** The options that serve the shipping address (before one is set: those of the shop's country, ADR 0023); empty when nothing delivers there. */
  shipping_methods: z.array(CartMethodSchema),
  free_shipping: CartFreeShippingSchema.nullable().describe(
    'Progress towards free shipping for the shipping address (before one is set: the shop country, ADR 0023); null when no option offered is ever free.',
  ),
  /** When the chosen delivery option arrives, in days; null without one. */
  delivery_estimate: z.object({ days_min: z.number().int(), days_max: z.number().int() }).nullable(),
  /** The chosen payment method while it is offered (an address change may take it away). */
  cart_payment_method: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** What the shopper may pay with: Cash on Delivery where the zone allows it, online methods whose provider is configured. */
  cart_payment_methods: z.array(CartPaymentMethodSchema),
  note: z.string().nullable(),
  /** The buyer's GSTIN for a business tax invoice (issue 26), with its business name; both null without one. */
  buyer_gstin: z.string().nullable(),
  buyer_business_name: z.string().nullable(),
  marketing_consent: z.boolean(),
  /** Some line's price changed since it was added: the shopper must accept (update-items-price). */
  prices_updated: z.boolean(),
  /** No line asks for more than there is. */
  stock_valid: z.boolean(),
  /** Line ids that are sold out or short. */
  out_of_stock_items: z.array(z.string()),
  max_line_quantity: z.number().int(),
  updated_at: z.string().nullable(),
});
export type Cart = z.infer<typeof CartSchema>;

/** A coupon the shopper may see in GET /api/cart/coupons/get (secret ones are never listed). */
export const CouponOfferSchema = z.object({
  code: z.string(),
  description: z.string(),
  /** Whether it applies to the cart as it is now, and why not. */
  applicable: z.boolean(),
  reason: z.string().nullable(),
  ends_at: z.string().nullable(),
});
export const CouponOffersSchema = z.object({ coupons: z.array(CouponOfferSchema) });
export type CouponOffer = z.infer<typeof CouponOfferSchema>;

export const CHECKOUT_STEPS = ['cart', 'address', 'payment'] as const;

/**
 * GET /api/cart/validate (and /validate/address) when every step checked is ready. When one is
 * not, the answer is a 422 error envelope (spec section 5, step 7: a status that is not success
 * carries the message): `message` is the spec's text, and `errors` has it under the one field
 * where the shopper fixes it (CHECKOUT_FIELDS; `shipping_address.<column>` for a required
 * shipping field). `checkoutStepOf` tells the step from that field.
 */
export const CartValidationSchema = z.object({ valid: z.literal(true) });
export type CartValidation = z.infer<typeof CartValidationSchema>;

/** GET /api/cart/validate/stock. */
export const StockValidationSchema = z.object({
  valid: z.boolean(),
  out_of_stock_items: z.array(
    z.object({
      id: z.string(),
      product_id: z.string(),
      name: z.string(),
      requested: z.number().int(),
      available: z.number().int(),
    }),
  ),
});
export type StockValidation = z.infer<typeof StockValidationSchema>;

/** Answer of POST /api/cart/customisation-image. */
export const CustomisationImageSchema = z.object({ image_path: z.string() });
