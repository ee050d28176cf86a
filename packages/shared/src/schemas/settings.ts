import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { StoreModeSchema, type StoreMode } from './services.ts';

/** Store settings a client may request (spec section 3, "Store settings requested"). */
export const StoreSettingsSchema = z.object({
  default_channel: z.string(),
  enable_multi_channel: z.boolean(),
  enable_guest_checkout: z.boolean(),
  enable_login_at_checkout: z.boolean(),
  enable_customer_register: z.boolean(),
  enable_register_at_checkout: z.boolean(),
  privacy_policy_page: z.string().nullable(),
  store_name: z.string(),
  store_email: z.string(),
  store_phone: z.string(),
  store_address: z.string(),
  store_country: z.string(),
  store_state: z.string(),
  store_url: z.string(),
  enable_otp_auth: z.boolean(),
  enable_legacy_auth: z.boolean(),
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  youtube: z.string().nullable(),
  twitter: z.string().nullable(),
  pinterest: z.string().nullable(),
  linkedin: z.string().nullable(),
  cart_expire_days: z.number().int(),
  enable_customer_care: z.boolean(),
  customer_care_email: z.string().nullable(),
  customer_care_phone: z.string().nullable(),
  customer_care_address: z.string().nullable(),
  enable_refund: z.boolean(),
  enable_cancel_order: z.boolean(),
  account_verification_for: z.enum(['none', 'email', 'phone', 'both']),
  order_sms_mandatory: z.boolean(),
  order_email_mandatory: z.boolean(),
  allow_tnc_checkout: z.boolean(),
  checkout_instruction: z.string().nullable(),
  google_embed_url: z.string().nullable(),
  /** Products (default) or services (issue 27): what the storefront sells and how its pages read. */
  store_mode: StoreModeSchema,
});
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;
export type StoreSettingKey = keyof StoreSettings;
export const STORE_SETTING_KEYS = Object.keys(StoreSettingsSchema.shape) as StoreSettingKey[];

/** The shop's mode from its settings: a shop that never chose one sells products. */
export const storeModeOf = (settings: Partial<Pick<StoreSettings, 'store_mode'>>): StoreMode =>
  settings.store_mode ?? 'products';

const keyList = z
  .array(z.string({ error: messages.required }), { error: messages.required })
  .min(1, { error: messages.required })
  .max(STORE_SETTING_KEYS.length, { error: messages.maxLength(STORE_SETTING_KEYS.length) })
  .refine((keys) => keys.every((k) => (STORE_SETTING_KEYS as string[]).includes(k)), {
    error: 'The selected key is invalid',
  });

/** POST /api/settings/get: the body is the list of keys, either bare or as `{ keys }`. */
export const SettingsGetBodySchema = z.preprocess(
  (v) => (Array.isArray(v) ? { keys: v } : (v ?? {})),
  z.object({ keys: keyList }),
);
export type SettingsGetBody = z.infer<typeof SettingsGetBodySchema>;
/** The answer of POST /api/settings/get: the settings asked for. */
export const SettingsGetResultSchema = StoreSettingsSchema.partial();

export const StateSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export const CountrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iso2: z.string().length(2),
  mobile_code: z.string(),
  mobile_number_length: z.number().int(),
  currency_code: z.string().length(3),
  /** False where addresses carry no postcode (the UAE): address forms leave the field out. */
  has_postcodes: z.boolean(),
  states: z.array(StateSchema),
});
export type Country = z.infer<typeof CountrySchema>;
/** GET /api/settings/countries. */
export const CountryListSchema = z.array(CountrySchema);
