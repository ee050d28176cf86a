import { asc, eq, inArray } from 'drizzle-orm';
import {
  STORE_SETTING_KEYS,
  StoreSettingsSchema,
  type Country,
  type StoreSettingKey,
  type StoreSettings,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { countries, states, storeSettings } from '../../db/schema.ts';

/** Reads the requested store settings (all public keys when `keys` is omitted). */
export async function getStoreSettings(db: Db, keys: readonly StoreSettingKey[] = STORE_SETTING_KEYS): Promise<Partial<StoreSettings>> {
  const rows = await db
    .select({ key: storeSettings.key, value: storeSettings.value })
    .from(storeSettings)
    .where(inArray(storeSettings.key, keys as StoreSettingKey[]));
  const out: Record<string, unknown> = {};
  for (const row of rows) out[row.key] = row.value;
  return StoreSettingsSchema.partial().parse(out);
}

/** The installation's license status; null when none has been recorded. */
export async function getLicenseStatus(db: Db): Promise<'active' | 'inactive' | null> {
  const [row] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, 'license_status'));
  return row?.value === 'active' || row?.value === 'inactive' ? row.value : null;
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
    states: stateRows.filter((s) => s.countryId === c.id).map((s) => ({ id: s.id, name: s.name, code: s.code })),
  }));
}
