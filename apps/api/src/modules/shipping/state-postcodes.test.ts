import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressMessages, orderMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { shippingMethods, shippingZones } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartOf, testBrowser } from '../../test/browser.ts';
import { placeIds, shippingAddress } from '../../test/places.ts';
import { postcodeHasPrefix, postcodeProblem } from './postcodes.ts';
import { addressProblem } from './service.ts';

let t: TestApp;
let ids: Record<string, number> = {};
let variantId = '';

beforeAll(async () => {
  t = await createTestApp();
  ids = await placeIds(t.database.db);
  const [v] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select v.id from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          join products p on p.id = v.product_id and p.is_published where v.stock >= 5 order by v.id limit 1`,
  );
  variantId = v!.id;
});
afterAll(() => t.close());

const notIn = addressMessages.postcodeNotInState;

describe('postcodeProblem (pure)', () => {
  const karnataka = { name: 'Karnataka', prefixes: [{ from: '56', to: '59' }] };
  const westBengal = {
    name: 'West Bengal',
    prefixes: [
      { from: '700', to: '736' },
      { from: '738', to: '743' },
    ],
  };

  it('takes a PIN of the state, in any spacing, and refuses one of another state by name', () => {
    expect(postcodeProblem('560025', { digits: 6, state: karnataka })).toBeNull();
    expect(postcodeProblem('591 201', { digits: 6, state: karnataka })).toBeNull();
    expect(postcodeProblem('682001', { digits: 6, state: karnataka })).toBe(notIn('Karnataka'));
    // Sikkim's 737 sits between West Bengal's ranges.
    expect(postcodeProblem('737101', { digits: 6, state: westBengal })).toBe(notIn('West Bengal'));
    expect(postcodeProblem('734001', { digits: 6, state: westBengal })).toBeNull();
  });

  it('asks for exactly the country’s digits before looking at the state', () => {
    expect(postcodeProblem('56002', { digits: 6, state: karnataka })).toBe(addressMessages.postcodeDigits(6));
    expect(postcodeProblem('SW1A 1AA', { digits: 6, state: null })).toBe(addressMessages.postcodeDigits(6));
    expect(postcodeProblem('SW1A 1AA', { digits: null, state: null })).toBeNull();
    expect(postcodeProblem('', { digits: 6, state: karnataka })).toBeNull();
    expect(postcodeProblem('123456', { digits: 6, state: { name: 'Anywhere', prefixes: [] } })).toBeNull();
  });

  it('compares a prefix of the same length only', () => {
    expect(postcodeHasPrefix('744101', { from: '744', to: '744' })).toBe(true);
    expect(postcodeHasPrefix('74', { from: '744', to: '744' })).toBe(false);
    expect(postcodeHasPrefix('180001', { from: '180', to: '193' })).toBe(true);
    expect(postcodeHasPrefix('194101', { from: '180', to: '193' })).toBe(false);
  });
});

describe('state postcodes at checkout', () => {
  const guestWithItem = async () => {
    const b = testBrowser(t.app);
    expect((await b.call('POST', '/api/cart/add-item', { product_id: variantId, quantity: 1 })).statusCode).toBe(200);
    return b;
  };

  it("a guest's typed address: a PIN of another state is refused at the postcode field", async () => {
    const b = await guestWithItem();
    const res = await b.call('PUT', '/api/cart/update-address', shippingAddress(ids, 'IN-KL', '560025', 'Kochi'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ postcode: [notIn('Kerala')] });
    // Ladakh is a union territory of its own now, with Leh's PIN.
    const leh = await b.call('PUT', '/api/cart/update-address', shippingAddress(ids, 'IN-LA', '194101', 'Leh'));
    expect(leh.statusCode, leh.body).toBe(200);
    expect(cartOf(leh).shipping_address?.state?.name).toBe('Ladakh');
  });

  it('step 7 refuses a stored address whose PIN is not in its state (saved before the rule), for either address', async () => {
    const db = t.database.db;
    const problem = (where: string, postcode: string, delivery = true) =>
      addressProblem(db, { country_id: ids[where.split('-')[0]!]!, state_id: ids[where]!, postcode }, { delivery });
    expect(await problem('IN-KA', '560025')).toBeNull();
    expect(await problem('IN-KA', '682001')).toBe(notIn('Karnataka'));
    expect(await problem('IN-KA', '682001', false)).toBe(notIn('Karnataka'));
    expect(await problem('IN-DL', '11002')).toBe(addressMessages.postcodeDigits(6));
    // The UAE has no postcodes: nothing to check.
    expect(await problem('AE-DU', '')).toBeNull();
    // A state of another country is still the first thing said.
    expect(
      await addressProblem(
        db,
        { country_id: ids.IN!, state_id: ids['AE-DU']!, postcode: '560025' },
        { delivery: true },
      ),
    ).toBe(orderMessages.stateMismatch);
  });

  it('a zone matching by state serves that state’s addresses; its PINs cannot be borrowed by another state', async () => {
    const db = t.database.db;
    const northEast = ['IN-AS', 'IN-AR', 'IN-MN', 'IN-ML', 'IN-MZ', 'IN-NL', 'IN-TR', 'IN-SK'].map((k) => ids[k]!);
    const [zone] = await db
      .insert(shippingZones)
      .values({
        countryId: ids.IN!,
        name: 'North East',
        stateIds: northEast,
        postcodeRanges: [],
        codAvailable: false,
        deliveryDaysMin: 5,
        deliveryDaysMax: 9,
        position: -1,
      })
      .returning({ id: shippingZones.id });
    await db.insert(shippingMethods).values({
      code: 'north-east',
      zoneId: zone!.id,
      name: 'North East delivery',
      priceMinor: 99_00,
      position: 0,
    });
    try {
      const b = await guestWithItem();
      const guwahati = await b.call(
        'PUT',
        '/api/cart/update-address',
        shippingAddress(ids, 'IN-AS', '781001', 'Guwahati'),
      );
      expect(guwahati.statusCode, guwahati.body).toBe(200);
      expect(cartOf(guwahati).shipping_methods.map((m) => m.code)).toEqual(['north-east']);
      const bengaluru = await b.call('PUT', '/api/cart/update-address', shippingAddress(ids, 'IN-KA', '560025'));
      expect(cartOf(bengaluru).shipping_methods.map((m) => m.code)).toEqual(['standard', 'express']);
      // Assam chosen with a Bengaluru PIN: refused before any zone is looked at.
      const borrowed = await b.call('PUT', '/api/cart/update-address', shippingAddress(ids, 'IN-AS', '560025'));
      expect(borrowed.json().errors).toEqual({ postcode: [notIn('Assam')] });
    } finally {
      await db.execute(sql`delete from shipping_methods where code = 'north-east'`);
      await db.execute(sql`delete from shipping_zones where id = ${zone!.id}`);
    }
  });
});
