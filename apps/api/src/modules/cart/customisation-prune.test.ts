import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { localMediaStorage } from '../media/storage.ts';
import { UPLOAD_GRACE_MS, pruneCustomisationImages } from './customisation-prune.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('unused customisation uploads', () => {
  it('are deleted after the grace period with their resized copies; images a cart line uses, and recent ones, stay', async () => {
    const media = mkdtempSync(path.join(os.tmpdir(), 'custom-prune-'));
    const dir = path.join(media, 'customisations');
    const cache = path.join(media, '.cache', 'w_320', 'customisations');
    mkdirSync(dir, { recursive: true });
    mkdirSync(cache, { recursive: true });
    const name = (c: string) => `${c.repeat(32)}.webp`;
    const old = (Date.now() - UPLOAD_GRACE_MS - 60_000) / 1000;
    for (const c of ['a', 'b', 'c']) writeFileSync(path.join(dir, name(c)), 'x');
    writeFileSync(path.join(cache, name('a')), 'x');
    utimesSync(path.join(dir, name('a')), old, old); // old, unused: goes
    utimesSync(path.join(dir, name('b')), old, old); // old, used by a cart line: stays
    // c: just uploaded: stays.

    const [v] = await queryRows<{ id: string; product_id: string }>(
      t.database.db,
      sql`select id, product_id from variants limit 1`,
    );
    await t.database.db.execute(
      sql`insert into carts (id, channel_id) select 'c_prune_test', channel_id from storefronts where is_default`,
    );
    await t.database.db.execute(
      sql`insert into cart_items (cart_id, product_id, variant_id, quantity, image_path, customisation_key, seen_price_minor)
          values ('c_prune_test', ${v!.product_id}, ${v!.id}, 1, ${`/media/customisations/${name('b')}`}, 'k', 100)`,
    );

    expect(await pruneCustomisationImages(t.database.db, localMediaStorage(media))).toBe(1);
    expect(existsSync(path.join(dir, name('a')))).toBe(false);
    expect(existsSync(path.join(cache, name('a')))).toBe(false);
    expect(existsSync(path.join(dir, name('b')))).toBe(true);
    expect(existsSync(path.join(dir, name('c')))).toBe(true);
    expect(await pruneCustomisationImages(t.database.db, localMediaStorage(path.join(media, 'nowhere')))).toBe(0);
  });
});
