import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { BASE64URL_32_BYTES_RE } from '../../lib/signing.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { testBrowser } from '../../test/browser.ts';
import { ORDER_REF_MAX_AGE_MS, orderRefValue, verifyOrderRef } from '../orders/access.ts';
import {
  SHOP_SECRET_KEY,
  hashTrackingToken,
  shopSecret,
  trackingHashFor,
  trackingTokenFor,
} from '../../lib/tracking-token.ts';

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
  it('carry the order id and the time issued, signed; anything else reads as no order', async () => {
    const value = await orderRefValue(db(), 'ord_guest');
    expect(await verifyOrderRef(db(), value)).toBe('ord_guest');
    const [, issued, sig] = value.split('.') as [string, string, string];
    expect(Math.abs(Number(issued) - Date.now())).toBeLessThan(60_000);
    for (const bad of [
      undefined,
      '',
      'ord_guest',
      // The signature alone, without the time (the form before it carried one).
      `ord_guest.${sig}`,
      `ord_other.${issued}.${sig}`,
      `ord_guest.${Number(issued) + 1}.${sig}`,
      `ord_guest.0${issued}.${sig}`,
      `ord_guest.${issued}.${sig.slice(1)}`,
      `ord_guest.${issued}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
      `ord guest.${issued}.${sig}`,
      `.${issued}.${sig}`,
      `ord_guest.${issued}.${sig}.${sig}`,
      `ord_guest.-1.${sig}`,
    ]) {
      expect(await verifyOrderRef(db(), bad), String(bad)).toBeNull();
    }
  });

  it('stop working ORDER_REF_MAX_AGE_MS after they were issued, however well signed', async () => {
    const now = Date.now();
    const fresh = await orderRefValue(db(), 'ord_guest', now - ORDER_REF_MAX_AGE_MS + 60_000);
    expect(await verifyOrderRef(db(), fresh, now)).toBe('ord_guest');
    const old = await orderRefValue(db(), 'ord_guest', now - ORDER_REF_MAX_AGE_MS - 1);
    expect(await verifyOrderRef(db(), old, now)).toBeNull();
    // Issued in the future (a forged time): only a few minutes of clock skew are believed.
    expect(await verifyOrderRef(db(), await orderRefValue(db(), 'ord_guest', now + 60_000), now)).toBe('ord_guest');
    expect(await verifyOrderRef(db(), await orderRefValue(db(), 'ord_guest', now + 3_600_000), now)).toBeNull();
  });
});
