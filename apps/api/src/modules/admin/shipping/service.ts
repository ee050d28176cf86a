import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  AdminShippingMethodBodySchema,
  AdminShippingMethodParamsSchema,
  AdminShippingZoneBodySchema,
  adminShippingMessages as msg,
  formatPostcodeRanges,
  parsePostcodeRanges,
  type AdminShipping,
  type AdminShippingCountry,
  type AdminShippingMethod,
  type AdminShippingMethodBody,
  type AdminShippingZone,
  type AdminShippingZoneBody,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { READ_MODEL_CHANNEL } from '../../catalog/summary.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';

/**
 * The owner's shipping zones (issue 26). The cart, the checkout and the pincode check read
 * shipping_zones and shipping_methods on every request (shipping/service.ts, ADR 0023), and both
 * tables carry the content trigger (migration 0018), so a write here reaches every process at its
 * commit. Each write is one transaction: the shipping lock first (so creates, deletes and
 * reorders apply one after another and positions stay unique), the row locked and If-Match
 * compared under it, the row written with `version + 1`, and audited.
 */

/** Who writes and against which version (the owner routes' OwnerAct). */
export type ShippingAct = OwnerAct;

/** Every shipping write takes this lock first. */
export const lockShipping = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(7319046281591)`);

export const methodColumns = sql`m.code, m.zone_id, m.name, m.description, m.price_minor, m.free_over_minor,
  m.delivery_days_min, m.delivery_days_max, m.position, m.is_active, m.version`;

type ZoneRow = Omit<AdminShippingZone, 'methods' | 'postcodes'>;
const primaryCurrency = sql`(select ch.currency_code from channels ch where ch.id = ${READ_MODEL_CHANNEL})`;
/** A zone's amounts are in the currency of the channel selling in its country (ADR 0027), else the primary one. */
const zoneColumns = sql`z.id, z.name, z.country_id, z.state_ids, z.postcode_ranges, z.cod_available, z.cod_fee_minor,
  z.delivery_days_min, z.delivery_days_max, z.position, z.is_active, z.version,
  coalesce((select c.currency_code from channels c where c.country_id = z.country_id order by c.id limit 1),
    ${primaryCurrency}, 'INR') as currency`;

type ZonePlace = { stateIds: number[]; ranges: unknown[] };
const zoneValues = (b: AdminShippingZoneBody, place: ZonePlace) =>
  sql`${b.name}, ${b.country_id}, ${JSON.stringify(place.stateIds)}::jsonb, ${JSON.stringify(place.ranges)}::jsonb,
    ${b.cod_available}, ${b.cod_fee_minor}, ${b.delivery_days_min}, ${b.delivery_days_max}, ${b.is_active}`;

const METHOD_COLUMNS = [
  'code',
  'zone_id',
  'name',
  'description',
  'price_minor',
  'free_over_minor',
  'delivery_days_min',
  'delivery_days_max',
  'position',
  'is_active',
  'version',
] as const;

const EXAMPLE_ZONE_BODY: AdminShippingZoneBody = {
  name: 'Example',
  country_id: 1,
  state_ids: [],
  postcodes: '',
  cod_available: true,
  cod_fee_minor: 0,
  delivery_days_min: 1,
  delivery_days_max: 3,
  is_active: true,
};

const overviewRow = namedQuery<{
  currency: string | null;
  zones: ZoneRow[];
  methods: AdminShippingMethod[];
  countries: AdminShippingCountry[];
}>()({
  name: 'admin.shipping.overview',
  columns: ['currency', 'zones', 'methods', 'countries'],
  example: {},
  build: () =>
    sql`select ${primaryCurrency} as currency,
          (select coalesce(json_agg(z order by z.position, z.id), '[]'::json) from (select ${zoneColumns} from shipping_zones z) z) as zones,
          (select coalesce(json_agg(m order by m.position, m.code), '[]'::json) from (select ${methodColumns} from shipping_methods m) m) as methods,
          (select coalesce(json_agg(c order by c.name), '[]'::json) from (
             select co.id, co.name, co.iso2, co.has_postcodes, co.postcode_digits,
                    coalesce((select c.currency_code from channels c where c.country_id = co.id order by c.id limit 1),
                      ${primaryCurrency}, 'INR') as currency,
                    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name), '[]'::json)
                       from states s where s.country_id = co.id) as states
               from countries co) c) as countries`,
});

const zoneRow = namedQuery<ZoneRow>()({
  name: 'admin.shipping.zone',
  columns: [
    'id',
    'name',
    'country_id',
    'state_ids',
    'postcode_ranges',
    'cod_available',
    'cod_fee_minor',
    'delivery_days_min',
    'delivery_days_max',
    'position',
    'is_active',
    'version',
    'currency',
  ],
  example: { id: 1 },
  build: (p: { id: number }) => sql`select ${zoneColumns} from shipping_zones z where z.id = ${p.id}`,
});

const zoneMethodRows = namedQuery<AdminShippingMethod>()({
  name: 'admin.shipping.zone-methods',
  columns: METHOD_COLUMNS,
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select ${methodColumns} from shipping_methods m where m.zone_id = ${p.id} order by m.position, m.code`,
});

/** A method by its code. */
export const methodRow = namedQuery<AdminShippingMethod>()({
  name: 'admin.shipping.method',
  columns: METHOD_COLUMNS,
  example: { code: 'standard' },
  build: (p: { code: string }) => sql`select ${methodColumns} from shipping_methods m where m.code = ${p.code}`,
});

const countryRow = namedQuery<{ name: string; has_postcodes: boolean; postcode_digits: number | null }>()({
  name: 'admin.shipping.country',
  columns: ['name', 'has_postcodes', 'postcode_digits'],
  example: { countryId: 1 },
  build: (p: { countryId: number }) =>
    sql`select name, has_postcodes, postcode_digits from countries where id = ${p.countryId}`,
});

/** Of the states named, those of the country (the example's shape: one state). */
const countryStateRows = namedQuery<{ id: number }>()({
  name: 'admin.shipping.country-states',
  columns: ['id'],
  example: { countryId: 1, stateIds: [1] },
  build: (p: { countryId: number; stateIds: number[] }) =>
    sql`select id from states where country_id = ${p.countryId}
                and id in (${sql.join(
                  p.stateIds.map((s) => sql`${s}`),
                  sql`, `,
                )})`,
});

const insertZoneRow = namedQuery<{ id: number }>()({
  name: 'admin.shipping.insert-zone',
  columns: ['id'],
  example: { body: EXAMPLE_ZONE_BODY, place: { stateIds: [], ranges: [] } as ZonePlace },
  build: (p: { body: AdminShippingZoneBody; place: ZonePlace }) =>
    sql`insert into shipping_zones (name, country_id, state_ids, postcode_ranges, cod_available, cod_fee_minor,
            delivery_days_min, delivery_days_max, is_active, position)
          values (${zoneValues(p.body, p.place)}, (select coalesce(max(position) + 1, 0) from shipping_zones))
          returning id`,
});

const lockZoneRow = namedQuery<{ version: number }>()({
  name: 'admin.shipping.lock-zone',
  columns: ['version'],
  example: { id: 1 },
  build: (p: { id: number }) => sql`select version from shipping_zones where id = ${p.id} for update`,
});

/** How many of the zone's id and its methods' codes are taken now. */
const zoneTakenRow = namedQuery<{ n: number }>()({
  name: 'admin.shipping.zone-taken',
  columns: ['n'],
  example: { id: 1, codes: ['standard'] },
  build: (p: { id: number; codes: string[] }) =>
    sql`select (select count(*) from shipping_zones where id = ${p.id})::int
             + (select count(*) from shipping_methods
                 where code in (select jsonb_array_elements_text(${JSON.stringify(p.codes)}::jsonb)))::int as n`,
});

/** The zones' ids in matching order. */
export const zoneIdRows = namedQuery<{ id: number }>()({
  name: 'admin.shipping.zone-ids',
  columns: ['id'],
  example: {},
  build: () => sql`select id from shipping_zones order by position, id`,
});

/** One zone's method codes (null: the every-zone ones) in the order offered. */
export const methodCodeRows = namedQuery<{ code: string }>()({
  name: 'admin.shipping.method-codes',
  columns: ['code'],
  example: { zoneId: 1 as number | null },
  build: (p: { zoneId: number | null }) =>
    sql`select code from shipping_methods where zone_id is not distinct from ${p.zoneId}::int order by position, code`,
});

const withMethods = (z: ZoneRow, methods: AdminShippingMethod[]): AdminShippingZone => ({
  ...z,
  postcodes: formatPostcodeRanges(z.postcode_ranges),
  methods: methods.filter((m) => m.zone_id === z.id),
});

/** Everything the screen shows: the zones in matching order with their methods, the every-zone methods, the countries. */
export async function shippingOverview(db: Db): Promise<AdminShipping> {
  const [row] = await overviewRow(db, {});
  const methods = row!.methods;
  return {
    currency: row!.currency ?? 'INR',
    zones: row!.zones.map((z) => withMethods(z, methods)),
    every_zone_methods: methods.filter((m) => m.zone_id === null),
    countries: row!.countries,
  };
}

export async function loadZone(db: Db, id: number): Promise<AdminShippingZone | null> {
  const [zone] = await zoneRow(db, { id });
  if (!zone) return null;
  const methods = await zoneMethodRows(db, { id });
  return withMethods(zone, methods);
}

/**
 * The body's country, states and postcodes checked against the database: the country exists,
 * each state is one of its, and each postcode end has the country's shape (India: 6 digits; the
 * UAE: no postcodes at all). 422 on the field, naming the range.
 */
async function checkedPlace(tx: Db, body: AdminShippingZoneBody) {
  const [country] = await countryRow(tx, { countryId: body.country_id });
  if (!country) throw fieldError('country_id', msg.unknownCountry);
  const stateIds = [...new Set(body.state_ids)];
  if (stateIds.length) {
    const known = new Set((await countryStateRows(tx, { countryId: body.country_id, stateIds })).map((s) => s.id));
    const bad = body.state_ids.findIndex((s) => !known.has(s));
    if (bad >= 0) throw fieldError(`state_ids.${bad}`, msg.stateNotInCountry(country.name));
  }
  const parsed = parsePostcodeRanges(body.postcodes);
  if ('error' in parsed) throw fieldError('postcodes', parsed.error);
  if (parsed.ranges.length && !country.has_postcodes) throw fieldError('postcodes', msg.noPostcodes(country.name));
  const digits = country.postcode_digits;
  if (digits !== null) {
    const pieces = body.postcodes
      .split(/[,;\n]+/)
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = parsed.ranges.findIndex((r) => ![r.from, r.to].every((e) => new RegExp(`^[0-9]{${digits}}$`).test(e)));
    if (bad >= 0) throw fieldError('postcodes', msg.rangeDigits(pieces[bad]!, country.name, digits));
  }
  return { stateIds, ranges: parsed.ranges };
}

/** What the audit log keeps of a zone: its settings as the API names them. */
export const zoneAuditView = (z: AdminShippingZone) => ({
  name: z.name,
  country_id: z.country_id,
  state_ids: z.state_ids,
  postcodes: z.postcodes,
  cod_available: z.cod_available,
  cod_fee_minor: z.cod_fee_minor,
  delivery_days_min: z.delivery_days_min,
  delivery_days_max: z.delivery_days_max,
  is_active: z.is_active,
});

/** A new zone, matched after every other (the owner moves it up with Earlier). */
export async function createZone(db: Db, act: ShippingAct, body: AdminShippingZoneBody): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockShipping(tx);
    const place = await checkedPlace(tx, body);
    const [row] = await insertZoneRow(tx, { body, place });
    const zone = (await loadZone(tx, row!.id))!;
    await recordAudit(tx, {
      staff: act.staff,
      action: 'shipping-zone.create',
      target: `shipping-zone:${zone.id}`,
      after: zoneAuditView(zone),
      ip: act.ip,
    });
    return zone;
  });
}

/** Locks the zone (after the shipping lock) and checks If-Match against it. */
async function lockZone(tx: Db, id: number, ifMatch: number | null): Promise<void> {
  await lockShipping(tx);
  const [row] = await lockZoneRow(tx, { id });
  if (!row) throw notFound(msg.zoneNotFound);
  if (ifMatch !== null && ifMatch !== row.version) throw new HttpError(409, msg.stale('zone'));
}

/** Replaces a zone's settings (its methods stay). Carts and the pincode check follow at the commit. */
export async function updateZone(
  db: Db,
  act: ShippingAct,
  id: number,
  body: AdminShippingZoneBody,
): Promise<AdminShippingZone> {
  return db.transaction(async (tx) => {
    await lockZone(tx, id, act.ifMatch);
    const place = await checkedPlace(tx, body);
    const before = zoneAuditView((await loadZone(tx, id))!);
    await tx.execute(
      sql`update shipping_zones set (name, country_id, state_ids, postcode_ranges, cod_available, cod_fee_minor,
            delivery_days_min, delivery_days_max, is_active) = (${zoneValues(body, place)}), version = version + 1
          where id = ${id}`,
    );
    const zone = (await loadZone(tx, id))!;
    const after = zoneAuditView(zone);
    const keys = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]),
    );
    if (keys.length) {
      await recordAudit(tx, {
        staff: act.staff,
        action: 'shipping-zone.update',
        target: `shipping-zone:${id}`,
        // The name always, so Activity names a renamed or deleted zone.
        before: { name: before.name, ...Object.fromEntries(keys.map((k) => [k, before[k]])) },
        after: { name: after.name, ...Object.fromEntries(keys.map((k) => [k, after[k]])) },
        ip: act.ip,
      });
    }
    return zone;
  });
}

/** Deletes a zone and its own methods (the every-zone methods stay). */
export async function deleteZone(db: Db, act: ShippingAct, id: number) {
  return db.transaction(async (tx) => {
    await lockZone(tx, id, act.ifMatch);
    const zone = (await loadZone(tx, id))!;
    await tx.execute(sql`delete from shipping_zones where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'shipping-zone.delete',
      target: `shipping-zone:${id}`,
      // Whole, so Undo can put it back: its place in the order and its methods as they were.
      before: {
        ...zoneAuditView(zone),
        position: zone.position,
        methods: zone.methods.map((m) => ({ code: m.code, position: m.position, ...methodAuditView(m) })),
      },
      ip: act.ip,
    });
    return { id, name: zone.name, methods_deleted: zone.methods.length };
  });
}

/** What the audit log keeps of a method. */
export const methodAuditView = (m: AdminShippingMethod) => ({
  zone_id: m.zone_id,
  name: m.name,
  description: m.description,
  price_minor: m.price_minor,
  free_over_minor: m.free_over_minor,
  delivery_days_min: m.delivery_days_min,
  delivery_days_max: m.delivery_days_max,
  is_active: m.is_active,
});

/** A method's settings in the column order of `insert` and `update` below and in methods.ts. */
export const methodValues = (b: AdminShippingMethodBody) => sql`${b.zone_id}, ${b.name}, ${b.description},
  ${b.price_minor}, ${b.free_over_minor}, ${b.delivery_days_min}, ${b.delivery_days_max}, ${b.is_active}`;

/** Writes a method's row at `position` (a place, or a query answering one). */
export const insertMethod = (tx: Db, code: string, b: AdminShippingMethodBody, position: number | SQL) =>
  tx.execute(
    sql`insert into shipping_methods (code, zone_id, name, description, price_minor, free_over_minor,
          delivery_days_min, delivery_days_max, is_active, position)
        values (${code}, ${methodValues(b)}, ${position})`,
  );

/** A deleted zone as its delete's audit entry keeps it (Undo puts it back from this). */
export interface DeletedZone extends ReturnType<typeof zoneAuditView> {
  position: number;
  methods: (ReturnType<typeof methodAuditView> & { code: string; position: number })[];
}

/** A place in an order, as kept in a delete's audit entry. */
export const PositionSchema = z.number().int().min(0).max(1_000_000);

/** The places and method codes of a deleted zone's entry (its settings are checked by the zone's own schema). */
const DeletedZonePlacesSchema = z.looseObject({
  position: PositionSchema,
  methods: z
    .array(z.looseObject({ code: AdminShippingMethodParamsSchema.shape.code, position: PositionSchema }))
    .max(1_000)
    .refine((ms) => new Set(ms.map((m) => m.code)).size === ms.length),
});

/**
 * Puts a deleted zone back (the Undo of its delete), in the caller's transaction under the shipping
 * lock: the same id, settings and place in the matching order, its own methods with their codes
 * and places. Answers false when that cannot be done as it was: the id or a method's code is
 * taken again, or the country or a state is gone (the caller says it changed since).
 */
export async function restoreZone(tx: Db, act: ShippingAct, id: number, zone: DeletedZone): Promise<boolean> {
  // The entry is read back from the audit log: its place and methods' codes and places are
  // checked as the settings are (a bad one is "changed since", never a database error).
  const kept = DeletedZonePlacesSchema.safeParse(zone);
  if (!kept.success) return false;
  const { position, methods, ...settings } = zone;
  const body = AdminShippingZoneBodySchema.safeParse(settings);
  if (!body.success) return false;
  const codes = methods.map((m) => m.code);
  const [taken] = await zoneTakenRow(tx, { id, codes });
  if (taken!.n > 0) return false;
  let place;
  try {
    place = await checkedPlace(tx, body.data);
  } catch {
    return false;
  }
  await tx.execute(sql`update shipping_zones set position = position + 1 where position >= ${position}`);
  await tx.execute(
    sql`insert into shipping_zones (id, name, country_id, state_ids, postcode_ranges, cod_available, cod_fee_minor,
          delivery_days_min, delivery_days_max, is_active, position)
        values (${id}, ${zoneValues(body.data, place)}, ${position})`,
  );
  for (const { code, position: at, ...m } of methods) {
    const b = AdminShippingMethodBodySchema.safeParse({ ...m, zone_id: id });
    if (!b.success) return false;
    await insertMethod(tx, code, b.data, at);
  }
  const restored = (await loadZone(tx, id))!;
  await recordAudit(tx, {
    staff: act.staff,
    action: 'shipping-zone.create',
    target: `shipping-zone:${id}`,
    after: zoneAuditView(restored),
    ip: act.ip,
  });
  return true;
}

/** The order sent must name exactly the records there now: else 409 (one was added or removed since). */
export function assertSameSet<T>(current: readonly T[], sent: readonly T[]): void {
  const now = new Set(current);
  if (now.size !== sent.length || new Set(sent).size !== sent.length || !sent.every((x) => now.has(x))) {
    throw new HttpError(409, msg.orderChanged);
  }
}

/**
 * Puts the zones in the order sent (the order addresses are matched in): under the shipping
 * lock, the list must still hold exactly those ids (else 409), positions become 0..n-1.
 */
export async function orderZones(db: Db, act: ShippingAct, ids: number[]): Promise<AdminShipping> {
  return db.transaction(async (tx) => {
    await lockShipping(tx);
    const current = (await zoneIdRows(tx, {})).map((z) => z.id);
    assertSameSet(current, ids);
    await tx.execute(
      sql`update shipping_zones z set position = x.ord - 1, version = z.version + 1
            from unnest(array[${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )}]::int[]) with ordinality as x(id, ord)
           where z.id = x.id and z.position <> x.ord - 1`,
    );
    if (current.join() !== ids.join()) {
      await recordAudit(tx, {
        staff: act.staff,
        action: 'shipping-zone.reorder',
        target: 'shipping-zones',
        before: { ids: current },
        after: { ids },
        ip: act.ip,
      });
    }
    return shippingOverview(tx);
  });
}
