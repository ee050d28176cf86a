import { inArray, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import { staffMessages, type StoreSettingKey, type StoreSettings } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { channels, countries, pages, storeSettings } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';
import { getStoreSettings } from '../settings/service.ts';
import { recordAudit, type AuditActor } from '../staff/audit.ts';
import type { StaffMember } from '../staff/session.ts';

/** 422 naming every field whose value points at something the shop does not have. */
export async function assertReferencesExist(
  db: Db,
  refs: { channel?: [field: string, id: string]; pages?: [field: string, slug: string][]; country?: [string, string] },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const checks: Promise<void>[] = [];
  if (refs.channel) {
    const [field, id] = refs.channel;
    checks.push(
      db
        .select({ id: channels.id })
        .from(channels)
        .where(sql`${channels.id} = ${id}`)
        .then((rows) => {
          if (rows.length === 0) errors[field] = [staffMessages.unknownChannel];
        }),
    );
  }
  const slugs = refs.pages ?? [];
  if (slugs.length > 0) {
    checks.push(
      db
        .select({ slug: pages.slug })
        .from(pages)
        .where(
          inArray(
            pages.slug,
            slugs.map(([, s]) => s),
          ),
        )
        .then((rows) => {
          for (const [field, s] of slugs)
            if (!rows.some((r) => r.slug === s)) errors[field] = [staffMessages.unknownPage];
        }),
    );
  }
  if (refs.country) {
    const [field, iso2] = refs.country;
    checks.push(
      db
        .select({ id: countries.id })
        .from(countries)
        .where(sql`${countries.iso2} = ${iso2}`)
        .then((rows) => {
          if (rows.length === 0) errors[field] = [staffMessages.unknownCountry];
        }),
    );
  }
  await Promise.all(checks);
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
}

/**
 * Settings only an owner may change. `store_url` is the origin of password-reset links, canonical
 * URLs and the sitemap (without PUBLIC_URL): in staff hands it would send customers' reset
 * tokens to another site, a way to act as any customer or owner. `store_mode` turns the whole
 * shop from products to services (issue 27): the owner's decision alone.
 */
const OWNER_ONLY_SETTINGS: ReadonlySet<StoreSettingKey> = new Set(['store_url', 'store_mode']);

/**
 * Saves some store settings in one transaction, with one audit entry holding the values before
 * and after of the keys that really changed. Each key is its own row, written with an upsert, so
 * two owners changing different keys at once both land. The storefront reads settings from the
 * database on every request: the change shows on every process at once.
 */
export async function updateStoreSettings(
  db: Db,
  actor: AuditActor & Pick<StaffMember, 'role'>,
  patch: Partial<StoreSettings>,
  ip: string | null,
): Promise<Partial<StoreSettings>> {
  const keys = Object.keys(patch) as StoreSettingKey[];
  await assertReferencesExist(db, {
    ...(patch.default_channel !== undefined ? { channel: ['default_channel', patch.default_channel] } : {}),
    pages: patch.privacy_policy_page ? [['privacy_policy_page', patch.privacy_policy_page]] : [],
    ...(patch.store_country !== undefined ? { country: ['store_country', patch.store_country] } : {}),
  });
  await db.transaction(async (tx) => {
    // The channel's key is held until this commits, so a channel delete running now waits and then
    // sees it is the default (409) instead of leaving the setting naming a channel that is gone.
    if (patch.default_channel !== undefined) {
      const held = await queryRows(tx, sql`select 1 from channels where id = ${patch.default_channel} for key share`);
      if (!held.length)
        throw new HttpError(422, staffMessages.unknownChannel, { default_channel: [staffMessages.unknownChannel] });
    }
    // Locked in key order, so two saves touching the same keys queue up instead of deadlocking.
    const current = await tx
      .select({ key: storeSettings.key, value: storeSettings.value })
      .from(storeSettings)
      .where(inArray(storeSettings.key, keys))
      .orderBy(storeSettings.key)
      .for('update');
    const before = new Map(current.map((r) => [r.key, r.value]));
    const changed = keys.filter((k) => !before.has(k) || !isDeepStrictEqual(before.get(k), patch[k]));
    if (changed.length === 0) return;
    if (actor.role !== 'owner' && changed.some((k) => OWNER_ONLY_SETTINGS.has(k))) {
      throw new HttpError(403, staffMessages.forbidden);
    }
    await tx
      .insert(storeSettings)
      .values(changed.map((key) => ({ key, value: patch[key] ?? null })))
      .onConflictDoUpdate({
        target: storeSettings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      staff: actor,
      action: 'store-settings.update',
      target: 'store-settings',
      before: Object.fromEntries(changed.map((k) => [k, before.get(k) ?? null])),
      after: Object.fromEntries(changed.map((k) => [k, patch[k] ?? null])),
      ip,
    });
  });
  return getStoreSettings(db);
}

/**
 * Saves one setting the storefront does not read as a store setting (tax_rate_percent,
 * payment_setup …), with an audit entry of its value before and after (secrets masked). Answers
 * whether it changed. One upsert: two saves at once end with one of the two values, each audited.
 */
export async function updatePrivateSetting(
  db: Db,
  actor: AuditActor,
  key: string,
  value: unknown,
  ip: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ value: storeSettings.value })
      .from(storeSettings)
      .where(sql`${storeSettings.key} = ${key}`)
      .for('update');
    if (current && isDeepStrictEqual(current.value, value)) return false;
    await tx
      .insert(storeSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: storeSettings.key, set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      staff: actor,
      action: 'store-settings.update',
      target: 'store-settings',
      before: { [key]: current?.value ?? null },
      after: { [key]: value },
      ip,
    });
    return true;
  });
}
