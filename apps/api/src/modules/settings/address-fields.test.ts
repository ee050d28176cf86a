import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ADDRESS_FIELDS, type AddressField } from '@shopfront/shared';
import { storeSettings } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ADDRESS_FIELDS_SETTING } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const columns = (fields: AddressField[]) => fields.map((f) => f.column_name);

describe('GET /api/settings/address-fields/{type?}', () => {
  it('answers both types without a type, from the seeded setting', async () => {
    const res = await get('/api/settings/address-fields');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(Object.keys(body.data).sort()).toEqual(['Billing', 'Shipping']);
    expect(body.data.Shipping).toContainEqual({ column_name: 'first_name', label: 'First Name', is_required: true });
    expect(body.data.Shipping).toContainEqual({
      column_name: 'address_line_2',
      label: 'Address Line 2',
      is_required: false,
    });
    // The demo shop asks for a landmark on shipping addresses only.
    expect(columns(body.data.Shipping)).toContain('landmark');
    expect(columns(body.data.Billing)).not.toContain('landmark');
  });

  it('answers one type as a list, whatever the letter case of the path', async () => {
    for (const type of ['Shipping', 'shipping', 'SHIPPING']) {
      const res = await get(`/api/settings/address-fields/${type}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(DEFAULT_ADDRESS_FIELDS.Shipping);
    }
    const billing = await get('/api/settings/address-fields/Billing');
    expect(billing.json().data).toEqual(DEFAULT_ADDRESS_FIELDS.Billing);
  });

  it('rejects an unknown type with a field error', async () => {
    const res = await get('/api/settings/address-fields/Pickup');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 'error', errors: { type: ['This field is not valid'] } });
  });

  it('answers what the shop owner stored: labels, order and required flags', async () => {
    const custom = {
      Shipping: [
        { column_name: 'first_name', label: 'Full name', is_required: true },
        { column_name: 'phone', label: 'Mobile', is_required: true },
        { column_name: 'address_line_1', label: 'Street', is_required: true },
        { column_name: 'city', label: 'Town', is_required: true },
        { column_name: 'postcode', label: 'PIN code', is_required: false },
        { column_name: 'country_id', label: 'Country', is_required: true },
      ],
      Billing: [{ column_name: 'first_name', label: 'Name on invoice', is_required: true }],
    };
    await t.database.db
      .update(storeSettings)
      .set({ value: custom })
      .where(eq(storeSettings.key, ADDRESS_FIELDS_SETTING));
    try {
      const res = await get('/api/settings/address-fields/Shipping');
      expect(res.json().data).toEqual(custom.Shipping);
    } finally {
      await t.database.db
        .update(storeSettings)
        .set({ value: DEFAULT_ADDRESS_FIELDS })
        .where(eq(storeSettings.key, ADDRESS_FIELDS_SETTING));
    }
  });

  it('falls back to the defaults when the shop has no (readable) definitions', async () => {
    await t.database.db.delete(storeSettings).where(eq(storeSettings.key, ADDRESS_FIELDS_SETTING));
    const missing = await get('/api/settings/address-fields');
    expect(missing.json().data).toEqual(DEFAULT_ADDRESS_FIELDS);

    await t.database.db.insert(storeSettings).values({ key: ADDRESS_FIELDS_SETTING, value: { Shipping: 'nonsense' } });
    const broken = await get('/api/settings/address-fields/Billing');
    expect(broken.statusCode).toBe(200);
    expect(broken.json().data).toEqual(DEFAULT_ADDRESS_FIELDS.Billing);
  });
});
