import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_COOKIE } from '@shopfront/shared';
import { DEMO_UAE_CHANNEL_ID } from '../../db/seed/channels.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addWorkingDays } from './pincode-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextHost = 1;
const check = (pincode?: string, remoteAddress = `10.60.0.${nextHost++}`, channel?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/plugins/PincodeAvaliability/check${pincode === undefined ? '' : `?pincode=${encodeURIComponent(pincode)}`}`,
    remoteAddress,
    ...(channel ? { cookies: { [CHANNEL_COOKIE]: channel } } : {}),
  });

const setInstalled = (installed: boolean) =>
  t.database.db.execute(sql`update plugins set is_installed = ${installed} where module_name = 'PincodeAvaliability'`);

describe('addWorkingDays', () => {
  it('counts Monday to Saturday, skipping Sundays', () => {
    // Friday 2026-01-02 + 1 → Saturday; + 2 → Monday (Sunday skipped).
    expect(addWorkingDays(new Date('2026-01-02T10:00:00Z'), 1)).toBe('2026-01-03');
    expect(addWorkingDays(new Date('2026-01-02T10:00:00Z'), 2)).toBe('2026-01-05');
    expect(addWorkingDays(new Date('2026-01-04T10:00:00Z'), 6)).toBe('2026-01-10');
  });
});

describe('GET /api/plugins/PincodeAvaliability/check', () => {
  it('a mainland pincode: served, 1 (express) to 6 (standard) working days, Cash on Delivery', async () => {
    const res = await check('560001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({
      pincode: '560001',
      serviceable: true,
      cod: true,
      delivery: { min_days: 1, max_days: 6 },
      message: 'Delivery to 560001 in 1–6 working days. Cash on Delivery available',
    });
    expect(body.data.delivery.by).toBe(addWorkingDays(new Date(), 6));
    // Spaces around it are forgiven.
    expect((await check(' 110001 ')).json().data).toMatchObject({ pincode: '110001', serviceable: true });
  });

  it('an island pincode: served by the island zone, which takes no Cash on Delivery', async () => {
    const body = (await check('744101')).json();
    expect(body.data).toMatchObject({
      pincode: '744101',
      serviceable: true,
      cod: false,
      delivery: { min_days: 7, max_days: 12 },
      message: 'Delivery to 744101 in 7–12 working days. Cash on Delivery is not available for this pincode',
    });
  });

  it('a pincode no zone covers is not served', async () => {
    const db = t.database.db;
    await db.execute(
      sql`update shipping_zones set postcode_ranges = '[{"from":"110001","to":"855999"}]'::jsonb where name = 'India'`,
    );
    try {
      const body = (await check('999999')).json();
      expect(body.data).toEqual({
        pincode: '999999',
        serviceable: false,
        delivery: null,
        cod: false,
        message: 'Sorry, we do not deliver to 999999 yet',
      });
      expect((await check('560001')).json().data.serviceable).toBe(true);
    } finally {
      await db.execute(sql`update shipping_zones set postcode_ranges = '[]'::jsonb where name = 'India'`);
    }
  });

  it('follows the shop: COD switched off, or a zone switched off, changes the answer', async () => {
    const db = t.database.db;
    await db.execute(sql`update payment_methods set is_active = false where code = 'cod'`);
    try {
      expect((await check('560001')).json().data).toMatchObject({ serviceable: true, cod: false });
    } finally {
      await db.execute(sql`update payment_methods set is_active = true where code = 'cod'`);
    }
    await db.execute(sql`update shipping_zones set is_active = false where name = 'Andaman & Nicobar and Lakshadweep'`);
    try {
      // The island postcode now falls in the India zone, as at checkout.
      expect((await check('744101')).json().data).toMatchObject({ serviceable: true, cod: true });
    } finally {
      await db.execute(
        sql`update shipping_zones set is_active = true where name = 'Andaman & Nicobar and Lakshadweep'`,
      );
    }
  });

  it.each([
    ['012345', 'Please enter a valid 6-digit pincode'],
    ['56001', 'Please enter a valid 6-digit pincode'],
    ['5600011', 'Please enter a valid 6-digit pincode'],
    ['56O001', 'Please enter a valid 6-digit pincode'],
    ['560 001', 'Please enter a valid 6-digit pincode'],
    ['', 'Please enter a pincode'],
    ['   ', 'Please enter a pincode'],
    ['1234567890123', 'The value length should not exceed 12'],
    ['5600\u000001', 'This field contains characters that are not allowed'],
  ])('refuses %j with 422: %s', async (pincode, message) => {
    const res = await check(pincode);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'error', errors: { pincode: [message] } });
  });

  it('refuses a missing pincode with 422', async () => {
    const res = await check();
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pincode).toEqual(['Please enter a pincode']);
  });

  it('answers 404 in a channel whose country has no postcodes (the UAE), never "Delivery to …"', async () => {
    // Migration 0017 marks the UAE; set here too, so the test does not hang on the seed's order.
    await t.database.db.execute(sql`update countries set has_postcodes = false where iso2 = 'AE'`);
    for (const input of ['ABC', '560001', '12345']) {
      const res = await check(input, undefined, DEMO_UAE_CHANNEL_ID);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: 'error',
        message: "Addresses in this store's country have no postcode, so delivery cannot be checked by pincode",
      });
    }
    // The Indian channel still checks.
    expect((await check('560001')).json().data.serviceable).toBe(true);
  });

  it('answers 404 while the plugin is not installed', async () => {
    await setInstalled(false);
    try {
      const res = await check('560001');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'This plugin is not installed' });
    } finally {
      await setInstalled(true);
    }
  });

  it('allows 60 checks a minute per address, then 429', async () => {
    const ip = '10.61.0.1';
    for (let i = 0; i < 60; i++) expect((await check('560001', ip)).statusCode).toBe(200);
    const res = await check('560001', ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().status).toBe('error');
    expect((await check('560001', '10.61.0.2')).statusCode).toBe(200);
  });
});
