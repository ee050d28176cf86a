import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../../db/client.ts';
import { runMigrations } from '../../../db/migrate.ts';
import { emptyDatabase, migrateToBefore } from '../../../test/migrations.ts';
import { listTaxRates } from './rates.ts';

/** Migration 0041 on a shop whose products use classes of the old fixed list ('reduced', 'zero'). */
describe('migration 0041_tax_rates on an existing shop', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('gives every class products still use a row at the standard rate, then ties products to the classes', async () => {
    await migrateToBefore(database, '0041_tax_rates');
    const db = database.db;
    await db.execute(sql`insert into store_settings (key, value) values ('tax_rate_percent', '12.5'::jsonb)`);
    await db.execute(sql`insert into products (id, slug, name, currency, price_minor, tax_class) values
      ('p1', 'p1', 'Zero-rated', 'INR', 100, 'zero'), ('p2', 'p2', 'Reduced', 'INR', 100, 'reduced'),
      ('p3', 'p3', 'Reduced too', 'INR', 100, 'reduced'), ('p4', 'p4', 'Plain', 'INR', 100, 'standard')`);

    await runMigrations(database);
    const rates = await queryRows<{ key: string; label: string; rate_percent: number }>(
      db,
      sql`select key, label, rate_percent from tax_rates order by position, key`,
    );
    expect(rates).toEqual([
      { key: 'standard', label: 'Standard', rate_percent: 12.5 },
      { key: 'gst_5', label: 'GST 5%', rate_percent: 5 },
      { key: 'gst_12', label: 'GST 12%', rate_percent: 12 },
      { key: 'gst_18', label: 'GST 18%', rate_percent: 18 },
      { key: 'exempt', label: 'Exempt', rate_percent: 0 },
      { key: 'reduced', label: 'Reduced', rate_percent: 12.5 },
      { key: 'zero', label: 'Zero', rate_percent: 12.5 },
    ]);
    // The Tax screen counts their products.
    const listed = (await listTaxRates(db)).rates.map((r) => [r.key, r.products]);
    expect(listed).toEqual(
      expect.arrayContaining([
        ['standard', 1],
        ['reduced', 2],
        ['zero', 1],
      ]),
    );
    // The foreign key: a product cannot name a class that is not there, nor a used class be deleted.
    await expect(db.execute(sql`update products set tax_class = 'gst_99' where id = 'p4'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from tax_rates where key = 'zero'`)).rejects.toThrow();
    await db.execute(sql`update tax_rates set key = 'gst_0' where key = 'zero'`);
    const [p1] = await queryRows<{ tax_class: string }>(db, sql`select tax_class from products where id = 'p1'`);
    expect(p1).toEqual({ tax_class: 'gst_0' });
  });
});
