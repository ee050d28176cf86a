import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AddressFieldsByTypeSchema,
  DEFAULT_ADDRESS_FIELDS,
  STORE_SETTING_KEYS,
  StoreSettingsSchema,
  type AddressFieldsByType,
  type Country,
  type StoreSettingKey,
  type StoreSettings,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { countries, states, storeSettings } from '../../db/schema.ts';

/** Built once: zod compiles a schema on its first parse, and a schema made per call compiles every time. */
const PartialStoreSettingsSchema = StoreSettingsSchema.partial();

/** Reads the requested store settings (all public keys when `keys` is omitted). */
export async function getStoreSettings(
  db: Db,
  keys: readonly StoreSettingKey[] = STORE_SETTING_KEYS,
): Promise<Partial<StoreSettings>> {
  const rows = await db
    .select({ key: storeSettings.key, value: storeSettings.value })
    .from(storeSettings)
    .where(inArray(storeSettings.key, keys as StoreSettingKey[]));
  const out: Record<string, unknown> = {};
  for (const row of rows) out[row.key] = row.value;
  return storeSettingsOf(out);
}

/** Stored settings (key → JSON value, as read from store_settings) checked and typed. */
export const storeSettingsOf = (raw: Record<string, unknown>): Partial<StoreSettings> =>
  PartialStoreSettingsSchema.parse(raw);

/** The shop's name in messages and at the payment provider when the owner has not set store_name. */
const DEFAULT_STORE_NAME = 'Shopfront';

/** The name the shop goes by: its store_name setting, else 'Shopfront'. */
export const storeNameOf = (storeName: string | null | undefined): string => storeName || DEFAULT_STORE_NAME;

/** Whether a store setting is JSON true, as SQL (false when missing or anything else). */
export function settingOn(key: string): SQL {
  return sql`coalesce((select value = 'true'::jsonb from store_settings where key = ${key}), false)`;
}

/**
 * A numeric store setting as SQL: the JSON number clamped to [min, max], or null when missing or
 * not a number (a setting typed as "30 days" must not turn every cart read into a 500). The key
 * is a bound value (or SQL, such as a literal for a function's body).
 */
export function settingNumber(key: string | SQL, min: number, max: number): SQL {
  if (!Number.isFinite(min) || !Number.isFinite(max)) throw new Error('settings: bounds must be finite numbers');
  return sql`(select least(greatest((value #>> '{}')::float8, ${sql.raw(String(min))}), ${sql.raw(String(max))})
      from store_settings where key = ${key} and jsonb_typeof(value) = 'number')`;
}

const settingNumberValue = namedQuery<{ value: number | null }>()({
  name: 'settings.number',
  columns: ['value'],
  example: { key: 'k', min: 0, max: 1 },
  build: (p: { key: string; min: number; max: number }) => sql`select ${settingNumber(p.key, p.min, p.max)} as value`,
});

/** A numeric store setting clamped to [min, max]; null when missing or not a number. */
export async function readSettingNumber(db: Db, key: string, min: number, max: number): Promise<number | null> {
  const [row] = await settingNumberValue(db, { key, min, max });
  return row?.value ?? null;
}

type LicenseStatus = 'active' | 'inactive' | null;
const LICENSE_KEY = 'license_status';
const toLicense = (value: unknown): LicenseStatus => (value === 'active' || value === 'inactive' ? value : null);

/** The installation's license status; null when none has been recorded. */
export async function getLicenseStatus(db: Db): Promise<LicenseStatus> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, LICENSE_KEY));
  return toLicense(row?.value);
}

/** The requested store settings and the license status, in one query (every storefront page needs both). */
export async function getStoreSettingsAndLicense(
  db: Db,
  keys: readonly StoreSettingKey[] = STORE_SETTING_KEYS,
): Promise<{ settings: Partial<StoreSettings>; license_status: LicenseStatus; store_url: unknown }> {
  const rows = await db
    .select({ key: storeSettings.key, value: storeSettings.value })
    .from(storeSettings)
    .where(inArray(storeSettings.key, [...keys, LICENSE_KEY, 'store_url']));
  const out: Record<string, unknown> = {};
  let license: unknown = null;
  let storeUrl: unknown = null;
  for (const row of rows) {
    if (row.key === LICENSE_KEY) license = row.value;
    if (row.key === 'store_url') storeUrl = row.value;
    // A public key named like the license (none is) would still be answered as a setting.
    if ((keys as readonly string[]).includes(row.key)) out[row.key] = row.value;
  }
  return {
    settings: PartialStoreSettingsSchema.parse(out),
    license_status: toLicense(license),
    // Read alongside (one query) for the origin of absolute links, asked for or not.
    store_url: storeUrl,
  };
}

/** Countries with their states, for phone inputs and address forms. */
export async function listCountries(db: Db): Promise<Country[]> {
  const [countryRows, stateRows] = await Promise.all([
    db.select().from(countries).orderBy(asc(countries.name)),
    db.select().from(states).orderBy(asc(states.name)),
  ]);
  return countryRows.map((c) => ({
    id: c.id,
    name: c.name,
    iso2: c.iso2,
    mobile_code: c.mobileCode,
    mobile_number_length: c.mobileNumberLength,
    currency_code: c.currencyCode,
    has_postcodes: c.hasPostcodes,
    states: stateRows.filter((s) => s.countryId === c.id).map((s) => ({ id: s.id, name: s.name, code: s.code })),
  }));
}

/** Key of the store setting that holds the address form definitions of both types. */
export const ADDRESS_FIELDS_SETTING = 'address_fields';

/**
 * The shop's address field definitions, per type (spec section 3). A shop that never stored any
 * (or stored something unreadable) gets the defaults, so the address forms always work.
 */
export async function getAddressFields(db: Db): Promise<AddressFieldsByType> {
  const [row] = await db
    .select({ value: storeSettings.value })
    .from(storeSettings)
    .where(eq(storeSettings.key, ADDRESS_FIELDS_SETTING));
  return addressFieldsOf(row?.value);
}

/** The address field definitions from the setting's stored value (the defaults when missing or unreadable). */
export function addressFieldsOf(value: unknown): AddressFieldsByType {
  const parsed = AddressFieldsByTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_ADDRESS_FIELDS;
}
