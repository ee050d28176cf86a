import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { identifierText } from './identifier.ts';
import { plainText } from './text.ts';

/**
 * The owner's coupons (issue 26, area `catalog`: owner, manager): every rule the cart enforces
 * (apps/api/src/modules/coupons/service.ts) on one body. Amounts are integer minor units of the
 * primary channel's currency (ADR 0027). An edit sends the whole coupon with `If-Match: <version>`.
 */

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** What the list shows and filters by: disabled by the owner, not started, past its end, no uses left, or running. */
export const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'disabled'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const ADMIN_COUPONS_PAGE_SIZE = 25;
export const ADMIN_COUPON_USES_PAGE_SIZE = 25;
export const COUPON_AMOUNT_MAX_MINOR = 1_000_000_000;
export const COUPON_USES_MAX = 10_000_000;
/** Products or categories one coupon may be limited to. */
export const COUPON_SCOPE_MAX = 200;

export const adminCouponMessages = {
  couponNotFound: 'Coupon not found',
  code: 'A code is 3 to 40 letters, digits, hyphens or underscores, such as DIWALI10',
  codeTaken: 'Another coupon already uses this code',
  kind: 'The discount is a percentage or a fixed amount',
  percent: 'A percentage is a whole number from 1 to 100',
  fixed: 'A fixed discount is an amount above 0',
  fixedMax: `A fixed discount is at most ${(COUPON_AMOUNT_MAX_MINOR / 100).toLocaleString('en-IN')}`,
  maxDiscountFixed: 'A maximum discount is only for percentage coupons',
  maxDiscount: 'The maximum discount must be above 0, or empty for none',
  endsAfterStarts: 'The end must be after the start',
  uses: 'A limit is a whole number of at least 1, or empty for no limit',
  usageBelowUsed: (used: number) =>
    `This coupon has been used ${used} ${used === 1 ? 'time' : 'times'} already: the limit cannot be lower than that`,
  unknownProduct: 'There is no product with this id',
  unknownCategory: 'There is no category with this slug',
  stale: 'This coupon was changed by someone else since you opened it. Reload it and try again',
  ifMatch: 'The If-Match header must be the version of the coupon you read, such as 3',
  cursor: 'This page link is not valid; start again from the first page',
  usedCannotDelete: 'This coupon has been used, so it stays for its orders: disable it instead',
  alreadyDisabled: 'This coupon is already disabled',
  alreadyEnabled: 'This coupon is already enabled',
  created: 'Coupon created',
  saved: 'Coupon saved',
  disabled: 'Coupon disabled: shoppers can no longer use it',
  enabled: 'Coupon enabled',
  deleted: 'Coupon deleted',
} as const;

const whole = (min: number, max: number, error: string) =>
  z
    .number({ error })
    .int({ error })
    .min(min, { error })
    .max(max, { error: messages.atMost(max) });

const moment = z.iso.datetime({ offset: true, error: messages.date }).nullable();

/** POST /api/admin/coupons and PUT /api/admin/coupons/:id (the whole coupon). */
export const AdminCouponBodySchema = z
  .object({
    /** Stored upper-case: shoppers may type it in any case. */
    code: z
      .string({ error: adminCouponMessages.code })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, { error: adminCouponMessages.code }),
    /** What shoppers read beside the code (the cart and the list of offers). */
    description: plainText(
      z
        .string({ error: messages.required })
        .trim()
        .max(200, { error: messages.maxLength(200) }),
    ).default(''),
    kind: z.enum(COUPON_KINDS, { error: adminCouponMessages.kind }),
    /** 1..100 for percent; minor units for fixed. */
    value: z.number({ error: messages.integer }).int({ error: messages.integer }),
    /** The covered items must add up to this (minor units); 0 for no minimum. */
    min_subtotal_minor: whole(0, COUPON_AMOUNT_MAX_MINOR, messages.atLeast(0)).default(0),
    /** A percentage coupon's cap (minor units); null: none. */
    max_discount_minor: whole(1, COUPON_AMOUNT_MAX_MINOR, adminCouponMessages.maxDiscount).nullable().default(null),
    starts_at: moment.default(null),
    ends_at: moment.default(null),
    /** Uses in all (orders placed with it); null: no limit. */
    usage_limit: whole(1, COUPON_USES_MAX, adminCouponMessages.uses).nullable().default(null),
    /** Uses per customer account (guests are asked to log in); null: no limit. */
    per_customer_limit: whole(1, COUPON_USES_MAX, adminCouponMessages.uses).nullable().default(null),
    /** Only for a customer who has not ordered yet (guests are asked to log in). */
    first_order_only: z.boolean({ error: messages.fallback }).default(false),
    /** Not listed to shoppers: it works only when typed. */
    secret: z.boolean({ error: messages.fallback }).default(false),
    /** Only these products' lines are discounted (with the categories' products); both empty: the whole cart. */
    product_ids: z
      .array(identifierText(64))
      .max(COUPON_SCOPE_MAX, { error: messages.atMost(COUPON_SCOPE_MAX) })
      .default([]),
    category_slugs: z
      .array(identifierText(120))
      .max(COUPON_SCOPE_MAX, { error: messages.atMost(COUPON_SCOPE_MAX) })
      .default([]),
  })
  .superRefine(
    (c, ctx) => {
      // Checked even when other fields failed (`when`), so the form gets every message at once:
      // a field that failed itself is not judged again here.
      const value = Number.isInteger(c.value) ? c.value : null;
      if (value !== null && c.kind === 'percent' && (value < 1 || value > 100)) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: adminCouponMessages.percent });
      }
      if (value !== null && c.kind === 'fixed' && (value < 1 || value > COUPON_AMOUNT_MAX_MINOR)) {
        const message = value < 1 ? adminCouponMessages.fixed : adminCouponMessages.fixedMax;
        ctx.addIssue({ code: 'custom', path: ['value'], message });
      }
      if (c.kind === 'fixed' && typeof c.max_discount_minor === 'number') {
        ctx.addIssue({ code: 'custom', path: ['max_discount_minor'], message: adminCouponMessages.maxDiscountFixed });
      }
      const [start, end] = [c.starts_at, c.ends_at].map((d) => (typeof d === 'string' ? Date.parse(d) : Number.NaN));
      if (end! <= start!) {
        ctx.addIssue({ code: 'custom', path: ['ends_at'], message: adminCouponMessages.endsAfterStarts });
      }
    },
    { when: () => true },
  );
export type AdminCouponBody = z.output<typeof AdminCouponBodySchema>;
export type AdminCouponInput = z.input<typeof AdminCouponBodySchema>;

export const AdminCouponParamsSchema = z.object({
  id: z.coerce
    .number({ error: adminCouponMessages.couponNotFound })
    .int({ error: adminCouponMessages.couponNotFound })
    .min(1, { error: adminCouponMessages.couponNotFound })
    .max(2_147_483_647, { error: adminCouponMessages.couponNotFound }),
});

const cursorField = z
  .string({ error: adminCouponMessages.cursor })
  .max(200, { error: adminCouponMessages.cursor })
  // An id (serial): at most 9 digits, so it always fits the column.
  .regex(/^[0-9]{1,9}$/, { error: adminCouponMessages.cursor })
  .optional();
const limitField = (size: number) =>
  z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(100, { error: messages.atMost(100) })
    .default(size);

export const AdminCouponsQuerySchema = z.object({
  /** Part of the code (any case). */
  q: plainText(
    z
      .string()
      .trim()
      .max(40, { error: messages.maxLength(40) }),
  ).optional(),
  status: z.enum(COUPON_STATUSES, { error: `The status must be one of: ${COUPON_STATUSES.join(', ')}` }).optional(),
  cursor: cursorField,
  limit: limitField(ADMIN_COUPONS_PAGE_SIZE),
});
export type AdminCouponsQuery = z.input<typeof AdminCouponsQuerySchema>;

export const AdminCouponUsesQuerySchema = z.object({
  cursor: cursorField,
  limit: limitField(ADMIN_COUPON_USES_PAGE_SIZE),
});

/** GET /api/admin/coupons/scope-choices: what a coupon can be limited to. */
export const AdminCouponScopeQuerySchema = z.object({
  /** Product title words; empty: the newest products. */
  q: plainText(
    z
      .string()
      .trim()
      .max(100, { error: messages.maxLength(100) }),
  ).optional(),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const rules = {
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  min_subtotal_minor: z.number().int(),
  max_discount_minor: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  first_order_only: z.boolean(),
  secret: z.boolean(),
  /** Disabled by the owner when false. */
  is_active: z.boolean(),
  status: z.enum(COUPON_STATUSES),
  used_count: z.number().int(),
  /** The primary channel's currency, which the amounts are in. */
  currency: z.string(),
  created_at: z.string(),
  version: z.number().int(),
};

export const AdminCouponRowSchema = z.object({
  ...rules,
  /** How many products and categories it is limited to (0 and 0: the whole cart). */
  product_count: z.number().int(),
  category_count: z.number().int(),
});
export type AdminCouponRow = z.infer<typeof AdminCouponRowSchema>;

export const AdminCouponListSchema = z.object({
  coupons: z.array(AdminCouponRowSchema),
  next_cursor: z.string().nullable(),
});
export type AdminCouponList = z.infer<typeof AdminCouponListSchema>;

export const AdminCouponSchema = z.object({
  ...rules,
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const AdminCouponUseSchema = z.object({
  order_id: z.string(),
  order_no: z.string(),
  /** The customer's name, else the order's e-mail or phone; null for a guest without either. */
  customer: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  discount_minor: z.number().int(),
  currency: z.string(),
  at: z.string(),
});
export type AdminCouponUse = z.infer<typeof AdminCouponUseSchema>;

export const AdminCouponUsesSchema = z.object({
  uses: z.array(AdminCouponUseSchema),
  next_cursor: z.string().nullable(),
});
export type AdminCouponUses = z.infer<typeof AdminCouponUsesSchema>;

export const AdminCouponScopeChoicesSchema = z.object({
  products: z.array(z.object({ id: z.string(), title: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminCouponScopeChoices = z.infer<typeof AdminCouponScopeChoicesSchema>;

export const AdminCouponDeletedSchema = z.object({ id: z.number().int(), code: z.string() });
