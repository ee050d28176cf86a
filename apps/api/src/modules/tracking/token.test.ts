import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { BASE64URL_32_BYTES_RE } from '../../lib/signing.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { orderRefValue, verifyOrderRef } from '../orders/access.ts';
import { SHOP_SECRET_KEY, hashTrackingToken, shopSecret, trackingHashFor, trackingTokenFor } from './token.ts';

let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('tracking tokens', () => {
  it('derives one stable secret token per order from the shop secret, made once', async () => {
    const a1 = await trackingTokenFor(db(), 'ord_a');
    const a2 = await db().transaction((tx) => trackingTokenFor(tx, 'ord_a'));
    const b = await trackingTokenFor(db(), 'ord_b');
    expect(a1).toMatch(BASE64URL_32_BYTES_RE);
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
    expect(await trackingHashFor(db(), 'ord_a')).toBe(hashTrackingToken(a1));
    expect(hashTrackingToken(a1)).toMatch(/^[0-9a-f]{64}$/);
    const rows = await queryRows(db(), sql`select key from store_settings where key = ${SHOP_SECRET_KEY}`);
    expect(rows).toHaveLength(1);
    expect((await shopSecret(db())).length).toBe(32);
  });

  it('is never answered as a store setting', async () => {
    await shopSecret(db());
    const res = await testBrowser(t.app).call('POST', '/api/settings/get', { keys: [SHOP_SECRET_KEY] });
    expect(res.statusCode).toBe(422);
    expect(res.body).not.toContain((await shopSecret(db())).toString('base64url'));
  });
});

describe('order_ref values', () => {
  it('carry the order id signed; anything else reads as no order', async () => {
    const value = await orderRefValue(db(), 'ord_guest');
    expect(await verifyOrderRef(db(), value)).toBe('ord_guest');
    const sig = value.split('.')[1]!;
    for (const bad of [
      undefined,
      '',
      'ord_guest',
      `ord_other.${sig}`,
      `ord_guest.${sig.slice(1)}`,
      `ord_guest.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `ord guest.${sig}`,
      `.${sig}`,
    ]) {
      expect(await verifyOrderRef(db(), bad), String(bad)).toBeNull();
    }
  });
});
