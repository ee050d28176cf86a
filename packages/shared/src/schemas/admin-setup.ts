import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';
import { HexColourSchema, shopImageUrl, staffMessages } from './admin.ts';
import { SETUP_STEP_LABELS, SETUP_STEPS, type SetupStep } from '../setup-steps.ts';

/**
 * First run (issue 25): the owner of a shop started without the demo (SEED_DEMO=false) takes it
 * from "opening soon" to open through these steps, each one PUT /api/admin/setup/{step}, then
 * POST /api/admin/setup/open. Every step can be saved again later (the same values are the shop's
 * settings, not a copy of them).
 */

/** The storefront's name until the owner gives the shop one. */
export const NEW_SHOP_NAME = 'A new shop';

/** The legal pages the setup writes, by key, with their slugs (the storefront links terms and privacy). */
export const LEGAL_PAGES = {
  terms: { slug: 'terms-and-conditions', title: 'Terms & Conditions' },
  privacy: { slug: 'privacy-policy', title: 'Privacy Policy' },
  returns: { slug: 'returns-policy', title: 'Returns & Refunds' },
} as const;
export type LegalPageKey = keyof typeof LEGAL_PAGES;
export const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGES) as LegalPageKey[];

export const setupMessages = {
  saved: (step: SetupStep) => `${SETUP_STEP_LABELS[step]} saved`,
  opened: 'Your shop is open',
  alreadyOpen: 'The shop is already open',
  emptyCatalogue: 'You have no products yet: shoppers will see an empty shop',
  emptyCatalogueAck:
    'You have no products yet: shoppers will see an empty shop. Send acknowledge_empty_catalogue: true to open it anyway',
  missingSteps: (labels: string[]) => `Finish these steps first: ${labels.join('; ')}`,
  stepNotDone: 'Not done yet',
  countryCurrency: 'The currency must be that of the country',
  taxExclusive: 'Prices that exclude tax are not supported yet: enter prices with tax included',
  razorpayKeyId: 'A Razorpay key id looks like rzp_test_… or rzp_live_…',
  razorpayKeySecret: 'The key secret is the 8 or more letters and digits the Razorpay dashboard shows with the key id',
  razorpayWebhookSecret: 'The webhook secret must be at least 8 characters',
  freeAboveRate: 'Free shipping must start above 0',
  daysOrder: 'The longest delivery time must not be shorter than the shortest',
} as const;

/** The largest amount the setup accepts, in minor units (₹1 crore): a typo, not a price. */
export const SETUP_MAX_MINOR = 1_000_000_000;

const minor = (max = SETUP_MAX_MINOR) =>
  z
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(0, { error: messages.atLeast(0) })
    .max(max, { error: messages.atMost(max) });

const text = (max: number, { required = true, multiline = false } = {}) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(required ? 1 : 0, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );

/**
 * An object that refuses any key it does not name, by name (422 on that key with
 * `Unknown setting "<key>"`), as the other owner routes do.
 */
function known<S extends z.ZodRawShape>(shape: S) {
  return z
    .looseObject(shape)
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value))
        if (!Object.hasOwn(shape, key))
          ctx.addIssue({ code: 'custom', path: [key], message: staffMessages.unknownKey(key) });
    })
    .transform((value) => value as z.output<z.ZodObject<S>>);
}

/** Razorpay's key id, as the dashboard shows it (the same rule as RAZORPAY_KEY_ID in the env). */
export const RAZORPAY_KEY_ID_RE = /^rzp_(test|live)_[A-Za-z0-9]+$/;

// ---------------------------------------------------------------------------------------------
// The steps' bodies (PUT /api/admin/setup/{step}); each is also the step's `values` in the status
// ---------------------------------------------------------------------------------------------

/** PUT /api/admin/setup/store: the shop's name, logo (null: none) and main colours. */
export const SetupStoreBodySchema = known({
  store_name: text(120),
  /** The e-mail shoppers write to and order messages come from. */
  store_email: z.email({ error: messages.email }).max(200, { error: messages.maxLength(200) }),
  logo: z
    .strictObject({ url: shopImageUrl, alt: text(120, { required: false }) })
    .nullable()
    .default(null),
  /** The storefront's buttons and links. */
  primary_colour: HexColourSchema,
  /** Header and accents. */
  accent_colour: HexColourSchema,
});
export type SetupStoreBody = z.input<typeof SetupStoreBodySchema>;

/** PUT /api/admin/setup/region: where the shop sells and in which currency (one of the country's). */
export const SetupRegionBodySchema = known({
  country: z
    .string({ error: staffMessages.countryCode })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: staffMessages.countryCode }),
  currency: z
    .string({ error: messages.required })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'The currency is a three-letter code such as INR' }),
});
export type SetupRegionBody = z.input<typeof SetupRegionBodySchema>;

/** PUT /api/admin/setup/tax: one tax rate (GST) on every product; whether prices include it. */
export const SetupTaxBodySchema = known({
  /** A whole percentage: GST slabs are 0, 5, 12, 18 and 28. */
  tax_rate_percent: z
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(0, { error: messages.atLeast(0) })
    .max(100, { error: messages.atMost(100) }),
  /** Only true today: the cart shows the tax the prices contain (false answers 422). */
  prices_include_tax: z.boolean({ error: staffMessages.boolean }),
});
export type SetupTaxBody = z.input<typeof SetupTaxBodySchema>;

/** PUT /api/admin/setup/cod: Cash on Delivery on or off, and the fee added to such orders. */
export const SetupCodBodySchema = known({
  enabled: z.boolean({ error: staffMessages.boolean }),
  /** Minor units (paise): 4900 is ₹49. */
  fee_minor: minor(100_000_00),
});
export type SetupCodBody = z.input<typeof SetupCodBodySchema>;

/** PUT /api/admin/setup/shipping: one zone (the whole country) with one flat rate, free above an amount. */
export const SetupShippingBodySchema = z
  .strictObject({
    zone_name: text(80),
    method_name: text(80).default('Standard delivery'),
    /** Minor units (paise). */
    rate_minor: minor(),
    /** Free when the order reaches this (minor units); null: never free. */
    free_above_minor: minor().min(1, { error: setupMessages.freeAboveRate }).nullable(),
    delivery_days_min: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(0, { error: messages.atLeast(0) })
      .max(60, { error: messages.atMost(60) }),
    delivery_days_max: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(0, { error: messages.atLeast(0) })
      .max(60, { error: messages.atMost(60) }),
  })
  .superRefine((v, ctx) => {
    if (v.delivery_days_max < v.delivery_days_min)
      ctx.addIssue({ code: 'custom', path: ['delivery_days_max'], message: setupMessages.daysOrder });
  });
export type SetupShippingBody = z.input<typeof SetupShippingBodySchema>;

/**
 * PUT /api/admin/setup/payments: Cash on Delivery only, or Razorpay with its keys. The keys are
 * checked for their shape only (the server does not call Razorpay here); a wrong key shows at the
 * first payment. The secrets are never answered back.
 */
export const SetupPaymentsBodySchema = known({
  provider: z.enum(['cod_only', 'razorpay'], { error: staffMessages.choice(['cod_only', 'razorpay']) }),
  /** Razorpay only. */
  key_id: z
    .string({ error: setupMessages.razorpayKeyId })
    .trim()
    .regex(RAZORPAY_KEY_ID_RE, { error: setupMessages.razorpayKeyId })
    .optional(),
  /** Razorpay only. */
  key_secret: z
    .string({ error: setupMessages.razorpayKeySecret })
    .trim()
    .regex(/^[A-Za-z0-9]{8,100}$/, { error: setupMessages.razorpayKeySecret })
    .optional(),
  /** Razorpay, optional: without it Razorpay's webhooks are refused (only the shopper's return confirms a payment). */
  webhook_secret: z
    .string({ error: setupMessages.razorpayWebhookSecret })
    .min(8, { error: setupMessages.razorpayWebhookSecret })
    .max(200, { error: messages.maxLength(200) })
    .nullable()
    .optional(),
}).superRefine((v, ctx) => {
  if (v.provider !== 'razorpay') return;
  if (v.key_id === undefined) ctx.addIssue({ code: 'custom', path: ['key_id'], message: setupMessages.razorpayKeyId });
  if (v.key_secret === undefined)
    ctx.addIssue({ code: 'custom', path: ['key_secret'], message: setupMessages.razorpayKeySecret });
});
export type SetupPaymentsBody = z.input<typeof SetupPaymentsBodySchema>;

/** One legal page: its title and text (paragraphs separated by a blank line; a line starting "## " is a heading). */
export const LegalPageBodySchema = known({
  title: text(120),
  body: text(20_000, { multiline: true }),
});
export type LegalPageBody = z.infer<typeof LegalPageBodySchema>;
/** A legal page as the status shows it. */
const LegalPageSchema = z.object({ title: z.string(), body: z.string() });

/** PUT /api/admin/setup/legal: the three pages, each from its template as edited by the owner. */
export const SetupLegalBodySchema = known({
  terms: LegalPageBodySchema,
  privacy: LegalPageBodySchema,
  returns: LegalPageBodySchema,
});
export type SetupLegalBody = z.input<typeof SetupLegalBodySchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/admin/setup
// ---------------------------------------------------------------------------------------------

const step = <T extends z.ZodType>(values: T) => z.object({ done: z.boolean(), values });

/** The payments step as saved: never a secret, only whether one is stored. */
export const SetupPaymentsValuesSchema = z.object({
  provider: z.enum(['cod_only', 'razorpay']),
  key_id: z.string().nullable(),
  has_key_secret: z.boolean(),
  has_webhook_secret: z.boolean(),
  /** Whether this server process takes Razorpay payments now (RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET in its environment). */
  razorpay_active: z.boolean(),
});

/** A country the shop can sell in, with its currency. */
export const SetupCountrySchema = z.object({ iso2: z.string(), name: z.string(), currency_code: z.string() });

/**
 * Each step's current values (what the shop has now, or a sensible start) and whether the owner
 * has saved it; `state` is `setting_up` until POST open, then `live`. A shop that predates the
 * setup (the demo, or one upgraded) is `live` with every step done.
 */
export const SetupStatusSchema = z.object({
  state: z.enum(['setting_up', 'live']),
  /** How many published products shoppers would see (0: opening needs acknowledge_empty_catalogue). */
  published_products: z.number().int(),
  /** The steps not done yet, in order (empty: the shop can open). */
  missing: z.array(z.enum(SETUP_STEPS)),
  countries: z.array(SetupCountrySchema),
  steps: z.object({
    store: step(
      z.object({
        store_name: z.string(),
        store_email: z.string(),
        logo: z.object({ url: z.string(), alt: z.string() }).nullable(),
        primary_colour: z.string(),
        accent_colour: z.string(),
      }),
    ),
    region: step(z.object({ country: z.string(), currency: z.string() })),
    tax: step(z.object({ tax_rate_percent: z.number().int(), prices_include_tax: z.boolean() })),
    cod: step(z.object({ enabled: z.boolean(), fee_minor: z.number().int() })),
    shipping: step(
      z.object({
        zone_name: z.string(),
        method_name: z.string(),
        rate_minor: z.number().int(),
        free_above_minor: z.number().int().nullable(),
        delivery_days_min: z.number().int(),
        delivery_days_max: z.number().int(),
      }),
    ),
    payments: step(SetupPaymentsValuesSchema),
    /** The pages as saved, or (not done) the templates filled with the shop's name: edit, then PUT. */
    legal: step(z.object({ terms: LegalPageSchema, privacy: LegalPageSchema, returns: LegalPageSchema })),
  }),
});
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

/**
 * POST /api/admin/setup/open: opening a shop with no published product must be acknowledged
 * (409 naming `acknowledge_empty_catalogue` otherwise). An empty body is fine when there are products.
 */
export const SetupOpenBodySchema = known({
  acknowledge_empty_catalogue: z.boolean({ error: staffMessages.boolean }).optional(),
}).nullish();

/** Path parameter of PUT /api/admin/setup/{step} (used by the CLI and docs; each step has its own route). */
export const SetupStepSchema = z.enum(SETUP_STEPS, { error: staffMessages.choice(SETUP_STEPS) });

/** The setup's objects that name an unknown key (422 `Unknown setting "<key>"`), for the setup's other cards. */
export const knownSetupKeys = known;
