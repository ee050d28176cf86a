import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import { ProductReviewSchema } from './reviews.ts';
import { emailField, passwordField } from './auth.ts';
import { bodyOrEmpty } from './base.ts';
import { ContentPaginationSchema } from './blog.ts';
import { pluginMessages } from './plugin-messages.ts';
import { CUSTOM_CSS_MAX_LENGTH, googleMapsEmbedMessage, isGoogleMapsEmbedUrl } from '../constants.ts';
import type { StoreSettingKey } from './settings.ts';
import { STAFF_ROLES } from '../staff-roles.ts';
import { AUDIT_AREA_NAMES, auditMessages } from '../audit-areas.ts';
import { STORE_MODES } from './services.ts';
import { STOREFRONT_MODES, StorefrontSchema, ThemeColoursSchema, type ThemeColours } from './storefront.ts';
import { identifierText } from './identifier.ts';
import { isPlainText, plainText } from './text.ts';
import { isPicturePath } from './picture-path.ts';
import { SHOP_FONT_FAMILIES } from '../shop-fonts.ts';

/** Texts of the owner's API (/api/admin/*). */
export const adminMessages = {
  reviewNotFound: 'Review not found',
  reviewHidden: 'The review is hidden',
  reviewShown: 'The review is shown again',
} as const;

/** Path parameter of POST /api/admin/reviews/{id}/hide and /unhide. */
export const AdminReviewParamsSchema = z.object({
  id: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.fallback })
    .max(2_147_483_647, { error: messages.fallback }),
});

/** A review as the owner sees it after hiding or showing it, with its product's rating as the shop now shows it. */
export const ModeratedReviewSchema = ProductReviewSchema.extend({
  product: z.object({ slug: z.string(), name: z.string() }),
  /** ISO 8601 while hidden, null while shown. */
  hidden_at: z.string().nullable(),
  product_rating: z.object({ overall_rating: z.number(), total_reviews: z.number().int() }),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;

// ---------------------------------------------------------------------------------------------
// Staff accounts and the owner's API (ADR 26)
// ---------------------------------------------------------------------------------------------

/** Staff passwords guard the whole shop: longer than a shopper's minimum, and never a common one. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const STORE_PASSWORD_LENGTH = { min: 6, max: 128 } as const;
export const AUDIT_LOG_PAGE_SIZE = 50;

/** Texts of the staff sign-in and of the owner's API. */
export const staffMessages = {
  signInRequired: 'Please sign in as staff to use the owner API',
  forbidden: 'You do not have permission to do this',
  accountDisabled: 'This staff account has been deactivated',
  signedIn: 'Signed in',
  signedOut: 'Signed out',
  passwordChanged: 'Your password has been changed; your other sessions are signed out',
  samePassword: 'The new password must differ from the current one',
  emailTaken: 'A staff member with this e-mail already exists',
  staffNotFound: 'Staff member not found',
  lastOwner: 'The shop needs at least one active owner: make someone else an owner first',
  staffCreated: 'Staff member added',
  staffUpdated: 'Staff member updated',
  settingsSaved: 'Store settings saved',
  storefrontSaved: 'Storefront settings saved',
  storefrontStale: 'Someone else published the theme since you opened it',
  storefrontIfMatch: 'If-Match must be the version of the storefront you read, such as "3"',
  pluginInstalled: 'Plugin installed',
  pluginConfigured: 'Plugin configuration saved',
  pluginRemoved: 'Plugin removed',
  storePasswordFirst: 'Set a store password first',
  nothingToChange: 'Send at least one value to change',
  unknownKey: (key: string) => `Unknown setting "${key}"`,
  unknownChannel: 'No channel has this id',
  unknownPage: 'No page has this slug',
  unknownCountry: 'No country has this code',
  boolean: 'The value must be true or false',
  hexColour: 'A colour is a hex code such as #1f6f5c',
  countryCode: 'The value must be a two-letter country code such as IN',
  httpUrl: 'The value must be an http:// or https:// address',
  imageUrl: 'An image is a /media/… path or an https:// address',
  mode: 'The mode must be null, "Coming Soon" or "Under Maintenance"',
  styleTag: 'Custom CSS may not contain "</style"',
  role: 'The role must be one of owner, manager, packer or content_editor',
  session: 'The session must be "cookie" or "bearer"',
  choice: (options: readonly string[]) => `The value must be one of: ${options.join(', ')}`,
} as const;

const requiredText = (max: number, multiline = false) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(1, { error: messages.required, abort: true })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );
const optionalText = (max: number, multiline = false) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .max(max, { error: messages.maxLength(max) }),
    {
      multiline,
    },
  );
const bool = z.boolean({ error: staffMessages.boolean });
const httpUrl = z
  .string({ error: messages.required })
  .trim()
  .max(300, { error: messages.maxLength(300) })
  .pipe(z.url({ error: staffMessages.httpUrl, protocol: /^https?$/ }));
const slug = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(200, { error: messages.maxLength(200) })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, { error: messages.fallback });

/**
 * An object of optional keys that refuses any other key by name (422 on that key with
 * `Unknown setting "<key>"`), so a typo is an error, never a silently ignored change.
 */
function knownKeysOnly<S extends Record<string, z.ZodType>>(shape: S, { nonEmpty = false } = {}) {
  return z
    .looseObject(shape)
    .partial()
    .superRefine((value, ctx) => {
      const keys = Object.keys(value);
      for (const key of keys) {
        if (!Object.hasOwn(shape, key))
          ctx.addIssue({ code: 'custom', path: [key], message: staffMessages.unknownKey(key) });
      }
      if (nonEmpty && keys.length === 0) ctx.addIssue({ code: 'custom', message: staffMessages.nothingToChange });
    })
    .transform((value) => value as { [K in keyof S]?: z.output<S[K]> });
}

const staffPassword = z
  .string({ error: messages.required })
  .min(1, { error: messages.required, abort: true })
  .min(STAFF_PASSWORD_MIN_LENGTH, { error: messages.minLength(STAFF_PASSWORD_MIN_LENGTH) })
  .max(200, { error: messages.maxLength(200) });
const staffRole = z.enum(STAFF_ROLES, { error: staffMessages.role });

/** A staff member as the owner's API shows them. */
export const StaffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type Staff = z.infer<typeof StaffSchema>;

/** A staff account in the owner's list. */
export const StaffAccountSchema = StaffSchema.extend({
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;
export const StaffAccountListSchema = z.array(StaffAccountSchema);

/** POST /api/admin/auth/login */
export const StaffLoginBodySchema = z.object({
  email: emailField,
  password: passwordField,
  /** `cookie`: the `sf_staff` browser session (12 hours); `bearer`: a token for scripts and the CLI (30 days). */
  session: z.enum(['cookie', 'bearer'], { error: staffMessages.session }).default('bearer'),
});
export type StaffLoginBody = z.input<typeof StaffLoginBodySchema>;

export const StaffLoginResultSchema = z.object({
  staff: StaffSchema,
  /** The bearer token (bearer sessions only): shown once, send it as `Authorization: Bearer …`. */
  token: z.string().optional(),
  expires_at: z.string(),
});
export type StaffLoginResult = z.infer<typeof StaffLoginResultSchema>;

/** PUT /api/admin/auth/password */
export const StaffPasswordBodySchema = z.object({
  current_password: passwordField,
  password: staffPassword,
});

/** POST /api/admin/staff */
export const StaffCreateBodySchema = z.strictObject({
  email: emailField,
  name: requiredText(100),
  password: staffPassword,
  role: staffRole.default('manager'),
});
export type StaffCreateBody = z.input<typeof StaffCreateBodySchema>;

/** PATCH /api/admin/staff/{id} */
export const StaffUpdateBodySchema = knownKeysOnly(
  { name: requiredText(100), role: staffRole, is_active: bool },
  { nonEmpty: true },
);
export type StaffUpdateBody = z.input<typeof StaffUpdateBodySchema>;

/** A staff id in a path: plain text, as every identifier of the API (ADR 15). */
export const StaffIdParamsSchema = z.object({ id: identifierText(60) });

/** PATCH /api/admin/settings: any subset of the store settings (spec section 3), each value checked. */
export const StoreSettingsPatchSchema = knownKeysOnly(
  {
    default_channel: requiredText(60),
    enable_multi_channel: bool,
    enable_guest_checkout: bool,
    enable_login_at_checkout: bool,
    enable_customer_register: bool,
    enable_register_at_checkout: bool,
    privacy_policy_page: slug.nullable(),
    store_name: requiredText(120),
    store_email: emailField,
    store_phone: optionalText(40),
    store_address: optionalText(300, true),
    store_country: z
      .string({ error: messages.required })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: staffMessages.countryCode }),
    store_state: optionalText(60),
    store_url: httpUrl,
    enable_otp_auth: bool,
    enable_legacy_auth: bool,
    facebook: httpUrl.nullable(),
    instagram: httpUrl.nullable(),
    youtube: httpUrl.nullable(),
    twitter: httpUrl.nullable(),
    pinterest: httpUrl.nullable(),
    linkedin: httpUrl.nullable(),
    cart_expire_days: z
      .number({ error: messages.integer })
      .int({ error: messages.integer })
      .min(1, { error: messages.atLeast(1) })
      .max(365, { error: messages.atMost(365) }),
    enable_customer_care: bool,
    customer_care_email: emailField.nullable(),
    customer_care_phone: optionalText(40).nullable(),
    customer_care_address: optionalText(300, true).nullable(),
    enable_refund: bool,
    enable_cancel_order: bool,
    account_verification_for: z.enum(['none', 'email', 'phone', 'both'], {
      error: staffMessages.choice(['none', 'email', 'phone', 'both']),
    }),
    order_sms_mandatory: bool,
    order_email_mandatory: bool,
    allow_tnc_checkout: bool,
    checkout_instruction: optionalText(500, true).nullable(),
    google_embed_url: z
      .string({ error: messages.required })
      .trim()
      .max(1000, { error: messages.maxLength(1000) })
      .pipe(z.url({ error: pluginMessages.httpsUrl, protocol: /^https$/ }))
      // One message each: a non-https address is told so above; an https one must be Google's map embed.
      .refine((v) => !/^https:/i.test(v) || isGoogleMapsEmbedUrl(v), { error: googleMapsEmbedMessage })
      .nullable(),
    store_mode: z.enum(STORE_MODES, { error: staffMessages.choice(STORE_MODES) }),
  } satisfies Record<StoreSettingKey, z.ZodType>,
  { nonEmpty: true },
);
export type StoreSettingsPatch = z.input<typeof StoreSettingsPatchSchema>;

/** A hex colour the owner types: #rgb or #rrggbb in either case, kept as typed in lower case. */
export const HexColourSchema = z
  .string({ error: staffMessages.hexColour })
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, { error: staffMessages.hexColour })
  .toLowerCase();
const colour = HexColourSchema;

/** An image the shop shows: a file under /media/ (uploaded) or an https:// address. */
export const shopImageUrl = z
  .string({ error: staffMessages.imageUrl })
  .trim()
  .max(500, { error: messages.maxLength(500) })
  .refine(isPicturePath, { error: staffMessages.imageUrl });

const shopFont = z.enum(SHOP_FONT_FAMILIES, { error: staffMessages.choice(SHOP_FONT_FAMILIES) });

/** PATCH /api/admin/storefront: any subset; nested objects (theme, notice bar …) are merged key by key. */
export const StorefrontPatchSchema = knownKeysOnly(
  {
    mode: z.enum(STOREFRONT_MODES, { error: staffMessages.mode }).nullable(),
    is_password_protection_enabled: bool,
    /** Write-only: stored as argon2id; a new one signs every visitor out of the protected shop. */
    password: z
      .string({ error: messages.required })
      .min(STORE_PASSWORD_LENGTH.min, { error: messages.minLength(STORE_PASSWORD_LENGTH.min) })
      .max(STORE_PASSWORD_LENGTH.max, { error: messages.maxLength(STORE_PASSWORD_LENGTH.max) }),
    is_cookie_warning_enabled: bool,
    cookie_warning: knownKeysOnly({ title: requiredText(120), message: requiredText(1000, true) }),
    notice_bar: knownKeysOnly({
      enabled: bool,
      message: optionalText(300),
      link_text: optionalText(60).nullable(),
      page_slug: slug.nullable(),
      is_closable: bool,
    }),
    topbar: knownKeysOnly({ enabled: bool, message: optionalText(200) }),
    page_layout: z.enum(['boxed', 'full_width'], { error: staffMessages.choice(['boxed', 'full_width']) }),
    is_sticky_header_enabled: bool,
    is_scroll_button_enabled: bool,
    enable_indexing: bool,
    theme: knownKeysOnly(
      Object.fromEntries(Object.keys(ThemeColoursSchema.shape).map((k) => [k, colour])) as Record<
        keyof ThemeColours,
        typeof colour
      >,
    ),
    /** The text's and the headings' typeface: one of SHOP_FONTS (fonts the shop needs no file or other site for). */
    typography: knownKeysOnly({ body_font: shopFont, heading_font: shopFont }),
    /** The header's logo (null: the shop's name in text). */
    logo: z.strictObject({ url: shopImageUrl, alt: optionalText(120) }).nullable(),
    /** The browser tab's icon, a square PNG or SVG (null: the shop's initial on its primary colour). */
    favicon: shopImageUrl.nullable(),
    /** The home page's title and description for search engines and shares (the other pages add their own). */
    meta: knownKeysOnly({ title: optionalText(120), description: optionalText(300) }),
    /** The picture shown when a page of the shop is shared (null: none). */
    social_sharing_image: shopImageUrl.nullable(),
    custom_css: z
      .string({ error: messages.required })
      .max(CUSTOM_CSS_MAX_LENGTH, { error: messages.maxLength(CUSTOM_CSS_MAX_LENGTH) })
      .refine((css) => !/<\/style/i.test(css), { error: staffMessages.styleTag })
      .refine((css) => isPlainText(css, { multiline: true }), { error: messages.invalidCharacters }),
  },
  { nonEmpty: true },
);
export type StorefrontPatch = z.input<typeof StorefrontPatchSchema>;

/** GET /api/admin/storefront: the storefront settings, and whether a store password is set (never the password). */
export const AdminStorefrontSchema = StorefrontSchema.extend({
  has_password: z.boolean(),
  /** Bumped by every change; send it as If-Match to be refused (409) when someone changed the storefront since. */
  version: z.number().int(),
});
export type AdminStorefront = z.infer<typeof AdminStorefrontSchema>;

/** A plugin of the catalogue as the owner sees it: installed or not, with its whole config. */
export const AdminPluginSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  installed: z.boolean(),
  /** The saved config (secrets included; only `public_keys` ever reach a browser). */
  config: z.record(z.string(), z.unknown()),
  public_keys: z.array(z.string()),
  consent: z.enum(['analytics', 'marketing']).nullable(),
  /** Its config decides what script runs on the shop's pages: owners only may install, configure or remove it. */
  runs_script: z.boolean(),
  /** Its config has settings (PLUGIN_CONFIG_SCHEMAS[name] has keys): the panel offers a form. */
  configurable: z.boolean(),
  /** Some setting has no default (a tag ID): installing needs a config, `{}` is refused (422). */
  needs_config: z.boolean(),
  installed_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AdminPlugin = z.infer<typeof AdminPluginSchema>;
export const AdminPluginListSchema = z.array(AdminPluginSchema);
export const AdminPluginParamsSchema = z.object({ name: identifierText(60) });
/** PUT /api/admin/plugins/{name}: the config, checked by the plugin's own schema (defaults filled in). */
export const PluginInstallBodySchema = bodyOrEmpty(
  z.object({
    config: z.record(z.string(), z.unknown(), { error: 'The config must be an object' }).default({}),
  }),
);

/** A visitor waiting for the shop to open (POST /api/storefront/subscribe-to-mode). */
export const ModeSubscriberSchema = z.object({
  email: z.string(),
  mode: z.string(),
  created_at: z.string(),
  notified_at: z.string().nullable(),
});
export type ModeSubscriber = z.infer<typeof ModeSubscriberSchema>;
/** JSON answers of GET /api/admin/mode-subscribers come in pages of this many, oldest first. */
export const MODE_SUBSCRIBERS_PAGE_SIZE = 100;
const pageQuery = (max: number) =>
  z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.fallback })
    .max(max, { error: messages.fallback })
    .default(1);
/** One page of the list (`?format=csv` answers the whole list as CSV instead). */
export const ModeSubscriberListSchema = z.object({
  subscribers: z.array(ModeSubscriberSchema),
  pagination: ContentPaginationSchema,
});
/**
 * The query of both sign-up lists (shop opening, newsletter): JSON answers one page (`?page=`),
 * `?format=csv` the whole list as CSV instead (page ignored).
 */
export const SignupListQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: staffMessages.choice(['json', 'csv']) }).default('json'),
  /** JSON only: which page. */
  page: pageQuery(1_000_000),
});

/** POST /api/admin/auth/link-token: a one-time Admin Panel link for the signed-in staff member. */
export const AdminLinkTokenSchema = z.object({
  /** `/admin/login?token=sfa_…` (spec section 2): good once, for ADMIN_LINK_TTL (10 minutes). */
  link: z.string(),
  expires_at: z.string(),
});
export type AdminLinkToken = z.infer<typeof AdminLinkTokenSchema>;
/** The header row of the shop-opening list's CSV export (docs/csv-formats.md). */
export const MODE_SUBSCRIBERS_CSV_HEADER = 'email,mode,created_at,notified_at';

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  staff_id: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
/**
 * An entry as the audit list answers it: also what a person reads instead of ids. `actor_name`:
 * the staff member's name (null for a change made outside the API or by a removed member);
 * `order`: the order an `order:…` entry changed; `customer`: the customer a `customer:…` entry
 * changed (their name as it is now, empty when they gave none); `amount`: what a refund gave back.
 */
export const AuditListEntrySchema = AuditEntrySchema.extend({
  actor_name: z.string().nullable(),
  order: z.object({ id: z.string(), order_no: z.string() }).nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  amount: MoneySchema.nullable(),
  /**
   * A catalogue record by what a person reads: a product's title, a variant as "Title · S / Olive",
   * a review by its product's title, a category, super category or collection by its name, a
   * coupon by its code, a shipping zone or method by its name; `id` is what the panel links to (the product for a variant or a review),
   * null once the record is gone. On an undo (`audit.undo`) it is the record the undone change was
   * about.
   */
  subject: z
    .object({
      kind: z.enum([
        'product',
        'variant',
        'review',
        'category',
        'super-category',
        'collection',
        'coupon',
        'shipping-zone',
        'shipping-method',
      ]),
      label: z.string(),
      id: z.string().nullable(),
    })
    .nullable(),
  /** This entry re-applied an undone change (its `audit.undo` entry says so in words). */
  undo_apply: z.boolean(),
});
export type AuditListEntry = z.infer<typeof AuditListEntrySchema>;

/**
 * A member who may appear in the log, for its `?staff=` filter: every staff account, by name and
 * e-mail (two members may share a name).
 */
export const AuditStaffSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type AuditStaff = z.infer<typeof AuditStaffSchema>;
export const AuditLogSchema = z.object({
  entries: z.array(AuditListEntrySchema),
  pagination: ContentPaginationSchema,
  /** Every staff account (active or not), for the filter by who made a change. */
  staff: z.array(AuditStaffSchema),
});

const auditDay = z.iso.date({ error: messages.date });
/** GET /api/admin/audit-log: a page of the entries that pass every filter given. */
export const AuditLogQuerySchema = z
  .object({
    page: pageQuery(1_000_000),
    area: z.enum(AUDIT_AREA_NAMES, { error: staffMessages.choice(AUDIT_AREA_NAMES) }).optional(),
    /** A staff member's id: their changes only. */
    staff: identifierText(60).optional(),
    /** Made on or after this day (YYYY-MM-DD, the day in the shop's time zone). */
    from: auditDay.optional(),
    /** Made on or before this day (inclusive). */
    to: auditDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: auditMessages.dateRange });
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;
