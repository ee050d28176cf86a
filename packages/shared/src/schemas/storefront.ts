import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { StoreSettingsSchema } from './settings.ts';
import { UserSchema, emailField } from './auth.ts';
import { STORE_STATES, storeStateMessages } from '../store-state.ts';
import { STAFF_ROLES } from '../staff-roles.ts';

export const STOREFRONT_MODES = ['Coming Soon', 'Under Maintenance'] as const;

export const FontSchema = z.object({
  family: z.string().nullable(),
  path: z.string().nullable(),
  weight_range: z.tuple([z.number().int(), z.number().int()]).nullable(),
  is_variable: z.boolean(),
});
export type Font = z.infer<typeof FontSchema>;

export const ThemeColoursSchema = z.object({
  primary: z.string(),
  secondary: z.string(),
  accent: z.string(),
  background: z.string(),
  surface: z.string(),
  text: z.string(),
  muted: z.string(),
  topbar_background: z.string(),
  topbar_text: z.string(),
  footer_background: z.string(),
  footer_text: z.string(),
});
export type ThemeColours = z.infer<typeof ThemeColoursSchema>;

export const ImageRefSchema = z.object({
  url: z.string(),
  alt: z.string(),
  /** A product card's picture: where its crop centres (0..1 across and down), when not the middle. */
  focal: z.object({ x: z.number(), y: z.number() }).optional(),
});
export type ImageRef = z.infer<typeof ImageRefSchema>;

export const PageRefSchema = z.object({ slug: z.string(), title: z.string() });

/** Storefront settings (spec section 3): look and behaviour of one storefront. */
export const StorefrontSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.object({
    id: z.string(),
    name: z.string(),
    currency: z.object({ code: z.string().length(3) }),
    country: z.object({
      id: z.number().int(),
      name: z.string(),
      iso2: z.string(),
      mobile_code: z.string(),
      mobile_number_length: z.number().int(),
      /** False where addresses carry no postcode (the UAE): no postcode field or pincode check. */
      has_postcodes: z.boolean(),
    }),
  }),
  termsandconditions_page: PageRefSchema.nullable(),
  privacypolicy_page: PageRefSchema.nullable(),
  /** The returns page the first-run setup writes (slug returns-policy), when it is published. */
  returns_page: PageRefSchema.nullable(),
  mode: z.enum(STOREFRONT_MODES).nullable(),
  is_password_protection_enabled: z.boolean(),
  is_cookie_warning_enabled: z.boolean(),
  page_layout: z.enum(['boxed', 'full_width']),
  is_sticky_header_enabled: z.boolean(),
  is_scroll_button_enabled: z.boolean(),
  enable_indexing: z.boolean(),
  favicon: z.array(z.object({ size: z.number().int(), url: z.string() })),
  theme: ThemeColoursSchema,
  typography: z.object({
    body_font: z.string(),
    heading_font: z.string(),
    base_size_px: z.number().int(),
  }),
  fonts: z.array(FontSchema),
  notice_bar: z.object({
    enabled: z.boolean(),
    message: z.string(),
    link_text: z.string().nullable(),
    page_slug: z.string().nullable(),
    is_closable: z.boolean(),
  }),
  topbar: z.object({ enabled: z.boolean(), message: z.string() }),
  cookie_warning: z.object({ title: z.string(), message: z.string() }),
  custom_css: z.string(),
  logo: ImageRefSchema.nullable(),
  social_sharing_image: z.string().nullable(),
  meta: z.object({ title: z.string(), description: z.string(), keywords: z.string() }),
});
export type Storefront = z.infer<typeof StorefrontSchema>;

export const PluginSchema = z.object({
  module_name: z.string(),
  config: z.record(z.string(), z.unknown()),
});
export type Plugin = z.infer<typeof PluginSchema>;

/** GET /api/storefront/all: the storefront's settings and the installed plugins. */
export const StorefrontAllSchema = z.object({ storefront: StorefrontSchema, plugins: z.array(PluginSchema) });

export const LICENSE_STATUSES = ['active', 'inactive'] as const;

/** What the shop is for this visitor (spec section 4, "Storefront mode"); see STORE_STATES. */
export const StoreAccessSchema = z.object({
  state: z.enum(STORE_STATES),
  /**
   * The signed-in staff member (the `sf_staff` session): they always see the open shop, and an
   * Admin Panel button that asks POST /api/admin/auth/link-token for a one-time link when clicked.
   */
  staff: z.object({ name: z.string() }).nullable(),
  /** What a shopper (without the staff session) sees: differs from `state` only for staff in a closed shop. */
  shopper_state: z.enum(STORE_STATES),
});
export type StoreAccess = z.infer<typeof StoreAccessSchema>;

/** GET /api/storefront/initial-values: everything the shell needs in one call. */
export const InitialValuesSchema = z.object({
  license_status: z.enum(LICENSE_STATUSES).nullable(),
  host: z.string(),
  settings: StoreSettingsSchema.partial(),
  storefront: StorefrontSchema,
  plugins: z.array(PluginSchema),
  /** The logged-in customer (from the session cookie), or null for a guest. */
  account: UserSchema.nullable(),
  /** The visitor's store state: the storefront redirects to its special page unless `open`. */
  access: StoreAccessSchema,
});
export type InitialValues = z.infer<typeof InitialValuesSchema>;

/** `keys` query: comma-separated store setting keys; absent means all. */
export const InitialValuesQuerySchema = z.object({ keys: z.string().max(2000).optional() });

/** POST /api/storefront/verify-password. */
export const VerifyPasswordBodySchema = z.object({
  password: z
    .string({ error: storeStateMessages.passwordRequired })
    .min(1, { error: storeStateMessages.passwordRequired, abort: true })
    .max(128, { error: messages.maxLength(128) }),
});
export type VerifyPasswordBody = z.infer<typeof VerifyPasswordBodySchema>;

/** Where the verified visitor goes next: the open shop (`/`) or the mode's page. */
export const VerifyPasswordResultSchema = z.object({ state: z.enum(STORE_STATES) });

/** POST /api/storefront/subscribe-to-mode: a visitor asks to be told when the shop opens. */
export const SubscribeToModeBodySchema = z.object({ email: emailField });
export type SubscribeToModeBody = z.infer<typeof SubscribeToModeBodySchema>;

export const SubscribeToModeResultSchema = z.object({ email: z.string() });

/** POST /api/admin/auth/exchange: the token of an Admin Panel link. */
export const AdminLinkExchangeBodySchema = z.object({
  token: z
    .string({ error: messages.required })
    .min(1, { error: messages.required })
    .max(200, {
      error: messages.maxLength(200),
    }),
});

/** The staff member the exchanged link signed in (a cookie session, `sf_staff`). */
export const AdminLinkExchangeResultSchema = z.object({
  staff: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(STAFF_ROLES) }),
  expires_at: z.string(),
});
