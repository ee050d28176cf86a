import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { emptyDatabase, migrateToBefore } from '../../test/migrations.ts';
import { postcodeProblem, type PrefixRange } from '../../modules/shipping/postcodes.ts';
import { queryRows, type Database } from '../client.ts';
import { runMigrations } from '../migrate.ts';
import { POSTCODE_DIGITS, REGION_STATES } from './regions.ts';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const REGIONS_MIGRATION = '0022_state_postcodes';

interface StateRow {
  iso2: string;
  id: number;
  name: string;
  code: string;
  postcode_prefixes: PrefixRange[];
}
const statesOf = (database: Database) =>
  queryRows<StateRow>(
    database.db,
    sql`select c.iso2, s.id, s.name, s.code, s.postcode_prefixes
          from states s join countries c on c.id = s.country_id order by c.iso2, s.code`,
  );
const expected = (iso2: 'IN' | 'AE') =>
  REGION_STATES[iso2].map((s) => ({ iso2, name: s.name, code: s.code, postcode_prefixes: s.postcodePrefixes }));
const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);

describe('the demo shop’s states', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are all 36 states and union territories of India and the 7 emirates, once each', async () => {
    const rows = await statesOf(t.database);
    const india = rows.filter((r) => r.iso2 === 'IN');
    const uae = rows.filter((r) => r.iso2 === 'AE');
    expect(india).toHaveLength(36);
    expect(uae).toHaveLength(7);
    expect(india.map(({ id: _, ...r }) => r)).toEqual(expected('IN').sort(byCode));
    expect(uae.map(({ id: _, ...r }) => r)).toEqual(expected('AE').sort(byCode));
    expect(india.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Dadra and Nagar Haveli and Daman and Diu', 'Ladakh', 'Jammu and Kashmir', 'Odisha']),
    );
    // Every Indian state has PIN prefixes; no emirate has postcodes.
    expect(india.every((r) => r.postcode_prefixes.length > 0)).toBe(true);
    expect(uae.every((r) => r.postcode_prefixes.length === 0)).toBe(true);
    const [country] = await queryRows<{ digits: number | null; has: boolean }>(
      t.database.db,
      sql`select postcode_digits as digits, has_postcodes as has from countries where iso2 = 'IN'`,
    );
    expect(country).toEqual({ digits: 6, has: true });
  });

  it('hold every demo address and zone: each postcode is one of its state’s', async () => {
    const db = t.database.db;
    const addresses = await queryRows<{ where: string; postcode: string; state: string; prefixes: PrefixRange[] }>(
      db,
      sql`select 'address ' || a.id as where, a.postcode, s.name as state, s.postcode_prefixes as prefixes
            from addresses a join states s on s.id = a.state_id
          union all
          select 'order ' || o.id, o.addr->>'postcode', s.name, s.postcode_prefixes
            from (select id, shipping_address as addr from orders union all select id, billing_address from orders) o
            join states s on s.id = (o.addr->>'state_id')::int`,
    );
    expect(addresses.length).toBeGreaterThan(0);
    const wrong = addresses.filter(
      (a) => postcodeProblem(a.postcode, { digits: 6, state: { name: a.state, prefixes: a.prefixes } }) !== null,
    );
    expect(wrong).toEqual([]);

    // The islands' zone lists postcodes; each end belongs to Andaman and Nicobar or Lakshadweep.
    const zones = await queryRows<{ ranges: { from: string; to: string }[] }>(
      db,
      sql`select postcode_ranges as ranges from shipping_zones where jsonb_array_length(postcode_ranges) > 0`,
    );
    const islands = (await statesOf(t.database)).filter((s) => s.code === 'AN' || s.code === 'LD');
    for (const end of zones.flatMap((z) => z.ranges.flatMap((r) => [r.from, r.to]))) {
      const fits = islands.filter(
        (s) => postcodeProblem(end, { digits: 6, state: { name: s.name, prefixes: s.postcode_prefixes } }) === null,
      );
      expect(fits, end).toHaveLength(1);
    }
  });
});

describe('migration 0022 on an existing shop', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('upserts the full list: old states keep their ids (and addresses and zones), none appears twice', async () => {
    await migrateToBefore(database, REGIONS_MIGRATION);
    const db = database.db;
    // The demo as it was seeded before: 10 Indian states, 3 emirates; one shop stored Telangana as TS.
    await db.execute(sql`insert into countries (name, iso2, mobile_code, mobile_number_length, currency_code, has_postcodes)
      values ('India', 'IN', '+91', 10, 'INR', true), ('United Arab Emirates', 'AE', '+971', 9, 'AED', false)`);
    await db.execute(sql`insert into states (country_id, name, code)
      select c.id, v.name, v.code from countries c join (values
        ('IN', 'Karnataka', 'KA'), ('IN', 'Maharashtra', 'MH'), ('IN', 'Tamil Nadu', 'TN'), ('IN', 'Delhi', 'DL'),
        ('IN', 'Kerala', 'KL'), ('IN', 'West Bengal', 'WB'), ('IN', 'Gujarat', 'GJ'), ('IN', 'Telangana', 'TS'),
        ('IN', 'Andaman & Nicobar', 'AN'), ('IN', 'Lakshadweep', 'LD'),
        ('AE', 'Dubai', 'DU'), ('AE', 'Abu Dhabi', 'AZ'), ('AE', 'Sharjah', 'SH')) v(iso2, name, code) on c.iso2 = v.iso2`);
    const before = await queryRows<{ iso2: string; id: number; code: string }>(
      db,
      sql`select c.iso2, s.id, s.code from states s join countries c on c.id = s.country_id`,
    );
    const idOf = (rows: { iso2: string; code: string; id: number }[], iso2: string, code: string) =>
      rows.find((r) => r.iso2 === iso2 && r.code === code)?.id;
    await db.execute(
      sql`insert into customers (first_name, last_name, email) values ('Asha', 'Rao', 'asha@example.test')`,
    );
    await db.execute(sql`insert into addresses (customer_id, address_type, is_default, first_name, last_name, phone,
        address_line_1, city, postcode, country_id, state_id)
      select cu.id, 'Shipping', true, 'Asha', 'Rao', '9876543210', '12 Residency Road', 'Bengaluru', '560025', s.country_id, s.id
        from customers cu, states s where s.code = 'KA'`);
    await db.execute(sql`insert into shipping_zones (country_id, name, state_ids, postcode_ranges)
      select country_id, 'Islands', jsonb_build_array(id), '[]'::jsonb from states where code = 'AN'`);

    await runMigrations(database);
    const after = await statesOf(database);
    const india = after.filter((r) => r.iso2 === 'IN');
    // 36, not 37: the shop's Telangana (TS) is not added again as TG.
    expect(india).toHaveLength(36);
    expect(india.filter((r) => r.name === 'Telangana').map((r) => r.code)).toEqual(['TS']);
    expect(new Set(india.map((r) => r.name)).size).toBe(36);
    expect(
      after
        .filter((r) => r.iso2 === 'AE')
        .map((r) => r.name)
        .sort(),
    ).toEqual(REGION_STATES.AE.map((s) => s.name).sort());
    // Every state that was there keeps its id; the current name and PIN prefixes are set.
    for (const old of before) expect(idOf(after, old.iso2, old.code), old.code).toBe(old.id);
    expect(after.find((r) => r.code === 'AN')).toMatchObject({
      name: 'Andaman and Nicobar Islands',
      postcode_prefixes: [{ from: '744', to: '744' }],
    });
    const want = expected('IN').filter((s) => s.code !== 'TG');
    expect(india.filter((r) => r.code !== 'TS').map(({ id: _, ...r }) => r)).toEqual(want.sort(byCode));
    const [address] = await queryRows<{ state: string }>(
      db,
      sql`select s.name as state from addresses a join states s on s.id = a.state_id`,
    );
    expect(address).toEqual({ state: 'Karnataka' });
    const [zone] = await queryRows<{ ids: number[] }>(db, sql`select state_ids as ids from shipping_zones`);
    expect(zone!.ids).toEqual([idOf(before, 'IN', 'AN')]);
    const [country] = await queryRows<{ digits: number | null }>(
      db,
      sql`select postcode_digits as digits from countries where iso2 = 'IN'`,
    );
    expect(country!.digits).toBe(POSTCODE_DIGITS.IN);

    // Run again (a restore replayed it): still one row per state.
    const upsert = readFileSync(path.join(MIGRATIONS, `${REGIONS_MIGRATION}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .find((s) => s.includes('INSERT INTO "states"'))!;
    await db.execute(sql.raw(upsert));
    expect(await statesOf(database)).toEqual(after);
  });
});
