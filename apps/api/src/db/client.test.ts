import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { queryRows } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database connections', () => {
  it('have planner statistics right after the demo seed (ANALYZE), on PGlite and PostgreSQL', async () => {
    const rows = await queryRows<{ relname: string; reltuples: number }>(
      t.database.db,
      sql`select relname, reltuples::float8 as reltuples from pg_class
           where relname in ('products', 'variants', 'variant_channels', 'product_categories') order by relname`,
    );
    expect(rows.map((r) => r.relname)).toEqual(['product_categories', 'products', 'variant_channels', 'variants']);
    // -1 means "never analysed": the planner would guess instead.
    for (const r of rows) expect(r.reltuples, r.relname).toBeGreaterThanOrEqual(300);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('run with JIT off on PostgreSQL', async () => {
    expect(t.database.dialect).toBe('postgres');
    const [row] = await queryRows<{ jit: string }>(t.database.db, sql`select current_setting('jit') as jit`);
    expect(row!.jit).toBe('off');
  });
});
