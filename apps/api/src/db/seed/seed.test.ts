import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { products, storefronts } from '../schema.ts';
import { seedDemo } from './index.ts';

describe('seedDemo', () => {
  it('seeds once: a second start keeps the data and adds nothing', async () => {
    const t = await createTestApp();
    try {
      const before = await t.database.db.select({ n: count() }).from(products);
      const again = await seedDemo(t.database, { mediaDir: path.join(os.tmpdir(), 'shopfront-test-data', 'media') });
      expect(again).toBe(false);
      const after = await t.database.db.select({ n: count() }).from(products);
      expect(after[0]!.n).toBe(before[0]!.n);
      expect((await t.database.db.select({ n: count() }).from(storefronts))[0]!.n).toBe(1);
    } finally {
      await t.close();
    }
  });
});
