import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminShippingMessages as msg,
  parsePostcodeRanges,
  undoMessages,
  type AdminShipping,
  type AdminShippingMethod,
  type AdminShippingZone,
  type AuditListEntry,
  type Cart,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { cartOf, testBrowser, type TestBrowser } from '../../../test/browser.ts';
import { placeIds, shippingAddress } from '../../../test/places.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * The owner's shipping zones and methods over HTTP (issue 26), on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL: every field validated (a bad postcode range named in its message, never a 500),
 * If-Match, the storefront following each kind of change on its next request (pincode check,
 * cart offer, Cash on Delivery, rate, free above), reorders that keep positions unique under
 * concurrent callers, Activity and Undo, and the roles that may use it.
 */
let t: TestApp;
let h: Record<string, string>;
let ids: Record<string, number>;
let mid: { id: string; price: number };
const db = () => t.database.db;
let ipSeq = 0;
const nextIp = () => `10.78.${Math.floor(++ipSeq / 200)}.${(ipSeq % 200) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  h = (await signedInOwner(t)).headers;
  ids = await placeIds(db());
  const [v] = await queryRows<{ id: string; price: number }>(
    db(),
    sql`select v.id, vc.selling_price_minor as price from variants v
          join variant_channels vc on vc.variant_id = v.id and vc.is_available
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 and vc.selling_price_minor between 50000 and 99800 order by v.id limit 1`,
  );
  mid = v!;
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...h, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const overview = async (): Promise<AdminShipping> => (await req('GET', '/api/admin/shipping')).json().data;
const zoneNamed = async (name: string) => (await overview()).zones.find((z) => z.name === name)!;
const zoneBody = (over: Record<string, unknown> = {}) => ({
  name: 'Bengaluru city',
  country_id: ids.IN,
  state_ids: [],
  postcodes: '560001-560099',
  cod_available: true,
  cod_fee_minor: 30_00,
  delivery_days_min: 1,
  delivery_days_max: 2,
  is_active: true,
  ...over,
});
const editOf = (z: AdminShippingZone, over: Record<string, unknown> = {}) =>
  zoneBody({
    name: z.name,
    country_id: z.country_id,
    state_ids: z.state_ids,
    postcodes: z.postcodes,
    cod_available: z.cod_available,
    cod_fee_minor: z.cod_fee_minor,
    delivery_days_min: z.delivery_days_min,
    delivery_days_max: z.delivery_days_max,
    is_active: z.is_active,
    ...over,
  });
const methodEdit = (m: AdminShippingMethod, over: Record<string, unknown> = {}) => ({
  zone_id: m.zone_id,
  name: m.name,
  description: m.description,
  price_minor: m.price_minor,
  free_over_minor: m.free_over_minor,
  delivery_days_min: m.delivery_days_min,
  delivery_days_max: m.delivery_days_max,
  is_active: m.is_active,
  ...over,
});
async function ok<T>(p: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const putZone = (z: AdminShippingZone, over: Record<string, unknown>) =>
  ok<AdminShippingZone>(
    req('PUT', `/api/admin/shipping/zones/${z.id}`, editOf(z, over), { 'if-match': `"${z.version}"` }),
  );
const putMethod = (m: AdminShippingMethod, over: Record<string, unknown>) =>
  ok<AdminShippingMethod>(
    req('PUT', `/api/admin/shipping/methods/${m.code}`, methodEdit(m, over), { 'if-match': String(m.version) }),
  );
const method = async (code: string) => {
  const o = await overview();
  return [...o.zones.flatMap((z) => z.methods), ...o.every_zone_methods].find((m) => m.code === code)!;
};

/** The storefront's pincode check, as a shopper's product page asks it. */
const pincode = async (code: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/plugins/PincodeAvaliability/check?pincode=${code}`,
      remoteAddress: nextIp(),
    })
  ).json().data as { serviceable: boolean; cod: boolean; delivery: { min_days: number; max_days: number } | null };

async function shopperAt(postcode: string, where = 'IN-KA', quantity = 1): Promise<{ b: TestBrowser; cart: Cart }> {
  const b = testBrowser(t.app, { ip: nextIp() });
  const add = await b.call('POST', '/api/cart/add-item', { product_id: mid.id, quantity });
  expect(add.statusCode, add.body).toBe(200);
  const res = await b.call('PUT', '/api/cart/update-address', shippingAddress(ids, where, postcode, 'Bengaluru'));
  expect(res.statusCode, res.body).toBe(200);
  return { b, cart: cartOf(res) };
}
const codes = (list: { code: string }[]) => list.map((m) => m.code);
const DEMO_ZONES = ['Andaman & Nicobar and Lakshadweep', 'India', 'United Arab Emirates'];

describe('postcode ranges as typed', () => {
  it('parses "560001-560099, 110001" and names the first bad range', () => {
    expect(parsePostcodeRanges('560001-560099, 110001\n 744 101 ')).toEqual({
      ranges: [
        { from: '560001', to: '560099' },
        { from: '110001', to: '110001' },
        { from: '744101', to: '744101' },
      ],
    });
    expect(parsePostcodeRanges('')).toEqual({ ranges: [] });
    expect(parsePostcodeRanges('110001, 560099-560001')).toEqual({ error: msg.rangeBackwards('560099-560001') });
    expect(parsePostcodeRanges('5600-560099')).toEqual({ error: msg.rangeLengths('5600-560099') });
    expect(parsePostcodeRanges('56000A-560099')).toEqual({ error: msg.rangeLetters('56000A-560099') });
    expect(parsePostcodeRanges('1-2-3')).toEqual({ error: msg.rangeShape('1-2-3') });
  });
});

describe('the overview', () => {
  it('lists the zones in matching order with their methods, the currency and the countries with states', async () => {
    const o = await overview();
    expect(o.currency).toBe('INR');
    expect(o.zones.map((z) => z.name)).toEqual(DEMO_ZONES);
    expect(o.zones[0]!.postcodes).toBe('744101-744304, 682551-682559');
    expect(o.zones[1]!.methods.map((m) => [m.code, m.price_minor, m.free_over_minor])).toEqual([
      ['standard', 79_00, 999_00],
      ['express', 199_00, null],
    ]);
    // Each zone in the currency of the channel selling in its country (ADR 0027).
    expect(o.zones.map((z) => z.currency)).toEqual(['INR', 'INR', 'AED']);
    const india = o.countries.find((c) => c.iso2 === 'IN')!;
    expect(india.postcode_digits).toBe(6);
    expect(india.states.map((s) => s.id)).toContain(ids['IN-KA']);
  });
});

describe('bad input: 422 on the field, never a 500', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty name', { name: '  ' }, 'name', msg.name],
    ['no country', { country_id: 0 }, 'country_id', msg.country],
    ['a range from > to', { postcodes: '110001, 560099-560001' }, 'postcodes', msg.rangeBackwards('560099-560001')],
    ['mixed lengths', { postcodes: '56001-560099' }, 'postcodes', msg.rangeLengths('56001-560099')],
    ['letters in a range', { postcodes: '5600AB-560099' }, 'postcodes', msg.rangeLetters('5600AB-560099')],
    ['a COD fee below 0', { cod_fee_minor: -1 }, 'cod_fee_minor', msg.amount],
    ['a fractional fee', { cod_fee_minor: 10.5 }, 'cod_fee_minor', msg.amount],
    ['days min > max', { delivery_days_min: 5, delivery_days_max: 2 }, 'delivery_days_max', msg.daysOrder],
    ['days below 0', { delivery_days_min: -1 }, 'delivery_days_min', msg.days],
  ];
  for (const [what, over, field, message] of cases) {
    it(`a zone with ${what}`, async () => {
      const res = await req('POST', '/api/admin/shipping/zones', zoneBody(over));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    });
  }

  it('postcodes and states checked against the country: India’s 6 digits, letters, another country’s state, the UAE', async () => {
    const short = await req('POST', '/api/admin/shipping/zones', zoneBody({ postcodes: '560001, 56002' }));
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ postcodes: [msg.rangeDigits('56002', 'India', 6)] });
    const letters = await req('POST', '/api/admin/shipping/zones', zoneBody({ postcodes: 'SW1A1AA' }));
    expect(letters.json().errors).toEqual({ postcodes: [msg.rangeDigits('SW1A1AA', 'India', 6)] });
    const state = await req('POST', '/api/admin/shipping/zones', zoneBody({ state_ids: [ids['IN-KA'], ids['AE-DU']] }));
    expect(state.statusCode).toBe(422);
    expect(state.json().errors).toEqual({ 'state_ids.1': [msg.stateNotInCountry('India')] });
    const uae = await req('POST', '/api/admin/shipping/zones', zoneBody({ country_id: ids.AE, postcodes: '00000' }));
    expect(uae.json().errors).toEqual({ postcodes: [msg.noPostcodes('United Arab Emirates')] });
    const country = await req('POST', '/api/admin/shipping/zones', zoneBody({ country_id: 999_999 }));
    expect(country.json().errors).toEqual({ country_id: [msg.unknownCountry] });
  });

  it('a method: negative or fractional money, free above 0, days given half, an unknown zone', async () => {
    const base = { zone_id: null, name: 'Courier', price_minor: 50_00 };
    for (const [over, field, message] of [
      [{ price_minor: -100 }, 'price_minor', msg.amount],
      [{ price_minor: 1.5 }, 'price_minor', msg.amount],
      [{ free_over_minor: 0 }, 'free_over_minor', msg.freeAbove],
      [{ delivery_days_min: 2 }, 'delivery_days_max', msg.daysBoth],
      [{ delivery_days_min: 4, delivery_days_max: 3 }, 'delivery_days_max', msg.daysOrder],
      [{ zone_id: 987_654 }, 'zone_id', msg.unknownZone],
      [{ name: '' }, 'name', msg.name],
    ] as const) {
      const res = await req('POST', '/api/admin/shipping/methods', { ...base, ...over });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field], JSON.stringify(over)).toEqual([message]);
    }
  });
});

describe('the storefront follows on its next request', () => {
  it('a new zone makes a pincode deliverable (with its own method, days and COD fee)', async () => {
    const india = await zoneNamed('India');
    await putZone(india, { is_active: false });
    try {
      expect((await pincode('560025')).serviceable).toBe(false);
      expect((await shopperAt('560025')).cart.shipping_methods).toEqual([]);
      const zone = await ok<AdminShippingZone>(req('POST', '/api/admin/shipping/zones', zoneBody()));
      expect(zone.methods).toEqual([]);
      const courier = await ok<AdminShippingMethod>(
        req('POST', '/api/admin/shipping/methods', { zone_id: zone.id, name: 'City courier', price_minor: 40_00 }),
      );
      expect(courier.code).toBe('city-courier');
      const check = await pincode('560025');
      expect(check).toMatchObject({ serviceable: true, cod: true, delivery: { min_days: 1, max_days: 2 } });
      expect((await pincode('110001')).serviceable).toBe(false);
      const { b, cart } = await shopperAt('560025');
      expect(codes(cart.shipping_methods)).toEqual(['city-courier']);
      expect(cart.totals.shipping.amount).toBe(40_00);
      const cod = cartOf(await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' }));
      expect(cod.totals.cod_fee.amount).toBe(30_00);
      // Deleting the zone takes its method with it; the answer says how many.
      const gone = await req('DELETE', `/api/admin/shipping/zones/${zone.id}`);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json()).toMatchObject({ data: { methods_deleted: 1 }, message: msg.zoneDeleted(1) });
      expect((await pincode('560025')).serviceable).toBe(false);
      expect((await method('city-courier')) ?? null).toBeNull();
    } finally {
      await putZone(await zoneNamed('India'), { is_active: true });
    }
    expect((await pincode('560025')).serviceable).toBe(true);
  });

  it('COD off for a zone removes Cash on Delivery from the cart, the checkout and the pincode check', async () => {
    const india = await zoneNamed('India');
    const { b } = await shopperAt('560025');
    expect(codes(cartOf(await b.call('GET', '/api/cart/get')).cart_payment_methods)).toContain('cod');
    const off = await putZone(india, { cod_available: false });
    expect(off.version).toBe(india.version + 1);
    try {
      const cart = cartOf(await b.call('GET', '/api/cart/get'));
      expect(codes(cart.cart_payment_methods)).not.toContain('cod');
      const chose = await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' });
      expect(chose.statusCode).toBe(422);
      expect((await pincode('560025')).cod).toBe(false);
    } finally {
      await putZone(off, { cod_available: true });
    }
    expect((await pincode('560025')).cod).toBe(true);
  });

  it('a rate change changes the cart’s total, and free above applies', async () => {
    const standard = await method('standard');
    const { b, cart } = await shopperAt('560025');
    expect(cart.totals.shipping.amount).toBe(79_00);
    const dearer = await putMethod(standard, { price_minor: 95_00 });
    try {
      const now = cartOf(await b.call('GET', '/api/cart/get'));
      expect(now.totals.shipping.amount).toBe(95_00);
      expect(now.grand_total.amount).toBe(mid.price + 95_00);
      // Free from just under this cart's goods: the shipping goes.
      const free = await putMethod(dearer, { free_over_minor: mid.price });
      const freeCart = cartOf(await b.call('GET', '/api/cart/get'));
      expect(freeCart.totals.shipping.amount).toBe(0);
      expect(freeCart.grand_total.amount).toBe(mid.price);
      await putMethod(free, { price_minor: 79_00, free_over_minor: 999_00 });
    } finally {
      await db().execute(
        sql`update shipping_methods set price_minor = 7900, free_over_minor = 99900 where code = 'standard'`,
      );
    }
  });
});

describe('If-Match, Activity and Undo', () => {
  it('a stale edit of a zone or method is 409 with the reason; a bad If-Match is 422', async () => {
    const india = await zoneNamed('India');
    const saved = await putZone(india, { cod_fee_minor: 50_00 });
    const stale = await req('PUT', `/api/admin/shipping/zones/${india.id}`, editOf(india), {
      'if-match': `"${india.version}"`,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(msg.stale('zone'));
    const staleDelete = await req('DELETE', `/api/admin/shipping/zones/${india.id}`, undefined, {
      'if-match': `"${india.version}"`,
    });
    expect(staleDelete.statusCode).toBe(409);
    const bad = await req('PUT', `/api/admin/shipping/zones/${india.id}`, editOf(saved), { 'if-match': 'yesterday' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'If-Match': [msg.ifMatch] });
    const express = await method('express');
    await putMethod(express, { description: 'Next day in metros' });
    const staleMethod = await req('PUT', `/api/admin/shipping/methods/express`, methodEdit(express), {
      'if-match': String(express.version),
    });
    expect(staleMethod.statusCode).toBe(409);
    expect(staleMethod.json().message).toBe(msg.stale('method'));
    await putZone(saved, { cod_fee_minor: 49_00 });
    expect((await req('PUT', '/api/admin/shipping/zones/99999', editOf(saved))).statusCode).toBe(404);
    expect((await req('PUT', '/api/admin/shipping/methods/no-such', methodEdit(express))).statusCode).toBe(404);
  });

  it('an edit is in Activity by the zone’s name, and its Undo puts the fee back (once)', async () => {
    const india = await zoneNamed('India');
    const res = await req('PUT', `/api/admin/shipping/zones/${india.id}`, editOf(india, { cod_fee_minor: 60_00 }), {
      'if-match': String(india.version),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${india.version + 1}"`);
    const log = (await req('GET', '/api/admin/audit-log')).json().data.entries as AuditListEntry[];
    expect(log[0]).toMatchObject({
      action: 'shipping-zone.update',
      subject: { kind: 'shipping-zone', label: 'India', id: String(india.id) },
      before: { name: 'India', cod_fee_minor: india.cod_fee_minor },
      after: { name: 'India', cod_fee_minor: 60_00 },
    });
    const undo = res.json().undo as { id: number; also: number[] };
    const undone = await req('POST', `/api/admin/audit/${undo.id}/undo`, { also: undo.also });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await zoneNamed('India')).cod_fee_minor).toBe(india.cod_fee_minor);
    expect((await req('POST', `/api/admin/audit/${undo.id}/undo`, { also: undo.also })).statusCode).toBe(409);

    const express = await method('express');
    const rate = await req('PUT', '/api/admin/shipping/methods/express', methodEdit(express, { price_minor: 249_00 }));
    const back = await req('POST', `/api/admin/audit/${(rate.json().undo as { id: number }).id}/undo`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await method('express')).price_minor).toBe(express.price_minor);
  });
});

describe('Undo of adding, deleting and reordering', () => {
  const undoOf = (res: { json(): { undo?: { id: number; also: number[] } } }) => {
    const undo = res.json().undo;
    expect(undo, 'the answer offers Undo').toBeDefined();
    return req('POST', `/api/admin/audit/${undo!.id}/undo`, { also: undo!.also });
  };
  const zoneIds = async () => (await overview()).zones.map((z) => z.id);

  it('a deleted zone comes back whole: its id, its place in the order, its methods; the pincode check follows; once', async () => {
    const zone = await ok<AdminShippingZone>(
      req(
        'POST',
        '/api/admin/shipping/zones',
        zoneBody({ name: 'Undo city', postcodes: '560030', cod_fee_minor: 25_00 }),
      ),
    );
    const courier = await ok<AdminShippingMethod>(
      req('POST', '/api/admin/shipping/methods', { zone_id: zone.id, name: 'Undo courier', price_minor: 35_00 }),
    );
    const order = await zoneIds();
    const placed = [order[0]!, zone.id, ...order.slice(1).filter((id) => id !== zone.id)];
    await ok(req('PUT', '/api/admin/shipping/zones/order', { ids: placed }));
    expect((await pincode('560030')).cod).toBe(true);
    expect((await shopperAt('560030')).cart.shipping_methods.map((m) => m.code)).toContain(courier.code);

    const gone = await req('DELETE', `/api/admin/shipping/zones/${zone.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await zoneIds()).not.toContain(zone.id);
    expect((await shopperAt('560030')).cart.shipping_methods.map((m) => m.code)).not.toContain(courier.code);

    // Eight presses of Undo at once: one puts it back, the others are told it changed since.
    const undo = gone.json().undo as { id: number; also: number[] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => req('POST', `/api/admin/audit/${undo.id}/undo`, { also: undo.also })),
    );
    expect(answers.map((a) => a.statusCode).sort(), answers[0]!.body).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await zoneIds()).toEqual(placed);
    const back = await zoneNamed('Undo city');
    expect(back).toMatchObject({ id: zone.id, postcodes: '560030', cod_fee_minor: 25_00, position: 1 });
    expect(back.methods.map((m) => [m.code, m.name, m.price_minor])).toEqual([[courier.code, 'Undo courier', 35_00]]);
    expect((await shopperAt('560030')).cart.shipping_methods.map((m) => m.code)).toContain(courier.code);
    const log = (await req('GET', '/api/admin/audit-log')).json().data.entries as AuditListEntry[];
    expect(
      log
        .slice(0, 2)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['audit.undo', 'shipping-zone.create']);
    await ok(req('DELETE', `/api/admin/shipping/zones/${zone.id}`));
  });

  it('an added zone or method is taken away, unless it changed since (a zone with a method added since stays)', async () => {
    const zone = await ok<AdminShippingZone>(
      req('POST', '/api/admin/shipping/zones', zoneBody({ name: 'Undo town', postcodes: '560031' })),
    );
    const made = await req(
      'POST',
      '/api/admin/shipping/zones',
      zoneBody({ name: 'Undo village', postcodes: '560032' }),
    );
    expect((await undoOf(made)).statusCode).toBe(200);
    expect((await overview()).zones.map((z) => z.name)).not.toContain('Undo village');

    const method = await req('POST', '/api/admin/shipping/methods', {
      zone_id: zone.id,
      name: 'Undo van',
      price_minor: 10_00,
    });
    const code = (method.json().data as AdminShippingMethod).code;
    expect((await undoOf(method)).statusCode).toBe(200);
    expect((await zoneNamed('Undo town')).methods).toEqual([]);

    // The zone's own create, undone after a method was added to it: 409, nothing removed.
    const again = await ok<AdminShippingMethod>(
      req('POST', '/api/admin/shipping/methods', { zone_id: zone.id, name: 'Undo van', price_minor: 10_00 }),
    );
    expect(again.code).toBe(code);
    const created = (await req('GET', '/api/admin/audit-log')).json().data.entries as AuditListEntry[];
    const entry = created.find((e) => e.action === 'shipping-zone.create' && e.target === `shipping-zone:${zone.id}`)!;
    const refused = await req('POST', `/api/admin/audit/${entry.id}/undo`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(undoMessages.changedSince);
    expect((await zoneNamed('Undo town')).methods.map((m) => m.code)).toEqual([code]);
    await ok(req('DELETE', `/api/admin/shipping/zones/${zone.id}`));
  });

  it('an entry edited by hand in the audit log cannot put bad data back: 409, nothing restored, never a 500', async () => {
    const zone = await ok<AdminShippingZone>(
      req('POST', '/api/admin/shipping/zones', zoneBody({ name: 'Undo hamlet', postcodes: '560033' })),
    );
    const van = await ok<AdminShippingMethod>(
      req('POST', '/api/admin/shipping/methods', { zone_id: zone.id, name: 'Hamlet van', price_minor: 20_00 }),
    );
    const gone = await req('DELETE', `/api/admin/shipping/zones/${zone.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    const entry = (gone.json().undo as { id: number }).id;
    const [row] = await queryRows<{ before: Record<string, unknown> }>(
      db(),
      sql`select before from audit_log where id = ${entry}`,
    );
    const kept = row!.before as { position: number; methods: Record<string, unknown>[] };
    const edits: [string, unknown][] = [
      ['a place that is not a number', { ...kept, position: '1; drop table shipping_zones' }],
      ['a negative place', { ...kept, position: -5 }],
      ['a method code the shop never makes', { ...kept, methods: [{ ...kept.methods[0], code: 'Bad code/../x' }] }],
      ['a method code twice', { ...kept, methods: [kept.methods[0], { ...kept.methods[0], position: 1 }] }],
      ['a method place that is not a number', { ...kept, methods: [{ ...kept.methods[0], position: 'first' }] }],
      ['a method that is not an object', { ...kept, methods: [null] }],
      ['a bad price', { ...kept, methods: [{ ...kept.methods[0], price_minor: -1 }] }],
    ];
    for (const [what, before] of edits) {
      await db().execute(sql`update audit_log set before = ${JSON.stringify(before)}::jsonb where id = ${entry}`);
      const res = await req('POST', `/api/admin/audit/${entry}/undo`, {});
      expect([what, res.statusCode, res.json().message]).toEqual([what, 409, undoMessages.changedSince]);
      expect(await zoneIds()).not.toContain(zone.id);
    }
    // The entry as it was still puts the zone back.
    await db().execute(sql`update audit_log set before = ${JSON.stringify(kept)}::jsonb where id = ${entry}`);
    const back = await req('POST', `/api/admin/audit/${entry}/undo`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect((await zoneNamed('Undo hamlet')).methods.map((m) => m.code)).toEqual([van.code]);
    await ok(req('DELETE', `/api/admin/shipping/zones/${zone.id}`));
  });

  it('a deleted method comes back in its place; a reorder is put back while the order is still its own', async () => {
    const india = await zoneNamed('India');
    const before = india.methods.map((m) => m.code);
    const first = india.methods[0]!;
    const del = await req('DELETE', `/api/admin/shipping/methods/${first.code}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await undoOf(del)).statusCode).toBe(200);
    expect((await zoneNamed('India')).methods.map((m) => [m.code, m.price_minor])).toEqual(
      india.methods.map((m) => [m.code, m.price_minor]),
    );

    const reversed = [...before].reverse();
    const moved = await req('PUT', '/api/admin/shipping/methods/order', { zone_id: india.id, codes: reversed });
    expect((await undoOf(moved)).statusCode).toBe(200);
    expect((await zoneNamed('India')).methods.map((m) => m.code)).toEqual(before);

    const zones = await zoneIds();
    const swap = await req('PUT', '/api/admin/shipping/zones/order', { ids: [...zones].reverse() });
    await ok(req('PUT', '/api/admin/shipping/zones/order', { ids: zones }));
    // Reordered again since: its Undo would undo the newer order too, so 409.
    expect((await undoOf(swap)).statusCode).toBe(409);
    expect(await zoneIds()).toEqual(zones);
  });
});

describe('reorder', () => {
  it('Earlier/Later: zones and methods in the order sent; a list that changed since is 409', async () => {
    const o = await overview();
    const [islands, india, uae] = o.zones;
    const swapped = await ok<AdminShipping>(
      req('PUT', '/api/admin/shipping/zones/order', { ids: [india!.id, islands!.id, uae!.id] }),
    );
    expect(swapped.zones.map((z) => [z.name, z.position])).toEqual([
      ['India', 0],
      ['Andaman & Nicobar and Lakshadweep', 1],
      ['United Arab Emirates', 2],
    ]);
    // India now matches first: an island pincode is India's (COD offered).
    expect((await pincode('744101')).cod).toBe(true);
    await ok(req('PUT', '/api/admin/shipping/zones/order', { ids: [islands!.id, india!.id, uae!.id] }));
    expect((await pincode('744101')).cod).toBe(false);
    const missing = await req('PUT', '/api/admin/shipping/zones/order', { ids: [india!.id] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(msg.orderChanged);
    const methods = await ok<AdminShipping>(
      req('PUT', '/api/admin/shipping/methods/order', { zone_id: india!.id, codes: ['express', 'standard'] }),
    );
    expect(methods.zones[1]!.methods.map((m) => m.code)).toEqual(['express', 'standard']);
    const { cart } = await shopperAt('560025');
    expect(codes(cart.shipping_methods)).toEqual(['express', 'standard']);
    await ok(req('PUT', '/api/admin/shipping/methods/order', { zone_id: india!.id, codes: ['standard', 'express'] }));
  });

  it('an Undo racing reorders takes the locks in their order: every answer 200 or 409, never a deadlock', async () => {
    const india = await zoneNamed('India');
    const edit = await req('PUT', `/api/admin/shipping/zones/${india.id}`, editOf(india, { cod_fee_minor: 45_00 }), {
      'if-match': String(india.version),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const undo = edit.json().undo as { id: number; also: number[] };
    const ids = (await overview()).zones.map((z) => z.id);
    const answers = await Promise.all([
      req('POST', `/api/admin/audit/${undo.id}/undo`, { also: undo.also }),
      ...Array.from({ length: 8 }, (_, n) =>
        req('PUT', '/api/admin/shipping/zones/order', { ids: n % 2 ? [...ids].reverse() : ids }),
      ),
    ]);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
    expect((await zoneNamed('India')).cod_fee_minor).toBe(india.cod_fee_minor);
    await ok(req('PUT', '/api/admin/shipping/zones/order', { ids }));
  });

  it('many concurrent reorders and creates keep every position unique', async () => {
    const made: AdminShippingZone[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(await ok(req('POST', '/api/admin/shipping/zones', zoneBody({ name: `Extra ${i}`, is_active: false }))));
    }
    const all = (await overview()).zones.map((z) => z.id);
    const shuffled = (n: number) => [...all].sort((a, b) => ((a * 7919 + n * 31) % 13) - ((b * 7919 + n * 31) % 13));
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, n) => req('PUT', '/api/admin/shipping/zones/order', { ids: shuffled(n) })),
      ...Array.from({ length: 3 }, (_, n) =>
        req('POST', '/api/admin/shipping/zones', zoneBody({ name: `Racing ${n}`, is_active: false })),
      ),
    ]);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const positions = await queryRows<{ position: number }>(db(), sql`select position from shipping_zones`);
    expect(new Set(positions.map((p) => p.position)).size).toBe(positions.length);
    // Back to the demo's order, the extras gone.
    for (const z of (await overview()).zones.filter((z) => /^(Extra|Racing)/.test(z.name))) {
      expect((await req('DELETE', `/api/admin/shipping/zones/${z.id}`)).statusCode).toBe(200);
    }
    const left = (await overview()).zones.map((z) => z.id);
    await ok(req('PUT', '/api/admin/shipping/zones/order', { ids: [...left].sort((a, b) => a - b) }));
    expect((await overview()).zones.map((z) => z.name)).toEqual(DEMO_ZONES);
  });
});

describe('roles', () => {
  it('owners and managers may; packers and content editors get 403 on every shipping route', async () => {
    const india = await zoneNamed('India');
    const routes = [
      ['GET', '/api/admin/shipping'],
      ['POST', '/api/admin/shipping/zones'],
      ['PUT', '/api/admin/shipping/zones/order'],
      ['PUT', `/api/admin/shipping/zones/${india.id}`],
      ['DELETE', `/api/admin/shipping/zones/${india.id}`],
      ['POST', '/api/admin/shipping/methods'],
      ['PUT', '/api/admin/shipping/methods/order'],
      ['PUT', '/api/admin/shipping/methods/standard'],
      ['DELETE', '/api/admin/shipping/methods/standard'],
    ] as const;
    expect(t.app.ownerRoutes.filter((r) => r.url.startsWith('/api/admin/shipping'))).toHaveLength(routes.length);
    for (const role of ['packer', 'content_editor'] as const) {
      const { headers } = await signedInOwner(t, role);
      for (const [m, url] of routes) {
        const res = await t.app.inject({ method: m, url, headers, ...(m === 'GET' ? {} : { payload: zoneBody() }) });
        expect(res.statusCode, `${role} ${m} ${url}`).toBe(403);
      }
    }
    const manager = (await signedInOwner(t, 'manager')).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/shipping', headers: manager })).statusCode).toBe(200);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shipping/methods',
      headers: manager,
      payload: { zone_id: null, name: 'Pickup', price_minor: 0 },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await req('DELETE', `/api/admin/shipping/methods/${made.json().data.code}`)).statusCode).toBe(200);
  });
});
