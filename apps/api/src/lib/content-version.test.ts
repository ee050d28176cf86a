import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { UNWATCHED_TABLES } from './content-version.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('content version', () => {
  it('every table either carries the change trigger or is listed as unwatched, never both', async () => {
    const tables = await queryRows<{ name: string; watched: boolean }>(
      t.database.db,
      sql`select c.relname as name,
                 exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'shopfront_content_changed') as watched
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`,
    );
    const unwatched = new Set<string>(UNWATCHED_TABLES);
    const undecided = tables.filter((x) => !x.watched && !unwatched.has(x.name)).map((x) => x.name);
    const both = tables.filter((x) => x.watched && unwatched.has(x.name)).map((x) => x.name);
    expect(undecided, 'tables with no trigger: add one (a migration) or list them in UNWATCHED_TABLES').toEqual([]);
    expect(both).toEqual([]);
    expect(tables.filter((x) => x.watched).length).toBeGreaterThan(30);
  });

  it('a committed change to the catalogue moves the generation on; a cart change does not', async () => {
    const version = t.app.contentVersion;
    const before = version.current;
    await t.database.db.execute(
      sql`update products set updated_at = updated_at where id = (select min(id) from products)`,
    );
    await vi.waitFor(() => expect(version.current).toBeGreaterThan(before), { timeout: 5000 });

    const seen: (string | undefined)[] = [];
    const stop = version.onBump((table) => seen.push(table));
    try {
      await t.database.db.execute(sql`delete from carts where false`);
      // Then a watched write: once it has arrived, anything the cart write sent would have too.
      await t.database.db.execute(sql`update store_settings set updated_at = updated_at where false`);
      await vi.waitFor(() => expect(seen).toContain('store_settings'), { timeout: 5000 });
      expect(seen).not.toContain('carts');
    } finally {
      stop();
    }
  });

  it('stock moving within in stock, low or out of stock notifies nobody; crossing a line does', async () => {
    const seen: (string | undefined)[] = [];
    const stop = t.app.contentVersion.onBump((table) => seen.push(table));
    // Notifications arrive in commit order: once this marker's has come, every earlier one has.
    const marker = async () => {
      const count = seen.filter((x) => x === 'store_settings').length;
      await t.database.db.execute(sql`update store_settings set updated_at = updated_at where false`);
      await vi.waitFor(() => expect(seen.filter((x) => x === 'store_settings').length).toBe(count + 1), {
        timeout: 5000,
      });
    };
    const [v] = await queryRows<{ id: string; stock: number }>(
      t.database.db,
      sql`select id, stock from variants where stock > 20 order by id limit 1`,
    );
    try {
      await marker();
      seen.length = 0;
      // An order takes two: still in stock, nothing a page shows.
      await t.database.db.execute(sql`update variants set stock = stock - 2 where id = ${v!.id}`);
      await marker();
      expect(seen).not.toContain('variants');
      // Down to 3: low stock, which pages show.
      await t.database.db.execute(sql`update variants set stock = 3 where id = ${v!.id}`);
      await marker();
      expect(seen).toContain('variants');
    } finally {
      stop();
      await t.database.db.execute(sql`update variants set stock = ${v!.stock} where id = ${v!.id}`);
    }
  });

  it('a rolled-back change notifies nobody', async () => {
    // The tables named by the notifications that arrive (a late one from an earlier test may too).
    const seen: (string | undefined)[] = [];
    const stop = t.app.contentVersion.onBump((table) => seen.push(table));
    try {
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update products set updated_at = updated_at where id = (select min(id) from products)`);
          throw new Error('roll back');
        })
        .catch(() => {});
      // A committed statement after it: once its notification is in, the rollback's would be too.
      await t.database.db.execute(sql`update store_settings set updated_at = updated_at where false`);
      await vi.waitFor(() => expect(seen).toContain('store_settings'), { timeout: 5000 });
      expect(seen).not.toContain('products');
    } finally {
      stop();
    }
  });
});
