import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { products, storefronts } from '../schema.ts';
import { seedDemo } from './index.ts';
import { TEST_MEDIA_DIR } from '../../test/paths.ts';

describe('seedDemo', () => {
  it('seeds once: a second start keeps the data and adds nothing', async () => {
    const t = await createTestApp();
    try {
      const before = await t.database.db.select({ n: count() }).from(products);
      const again = await seedDemo(t.database, { mediaDir: TEST_MEDIA_DIR });
      expect(again).toBe(false);
      const after = await t.database.db.select({ n: count() }).from(products);
      expect(after[0]!.n).toBe(before[0]!.n);
      expect((await t.database.db.select({ n: count() }).from(storefronts))[0]!.n).toBe(1);
    } finally {
      await t.close();
    }
  });
});
