import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTaxApi, gstinMessages, isValidGstin, type StaffRoleName } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';

/** Issue 26: the seller on tax invoices, edited by owners and managers; the GSTIN checked. */
let t: TestApp;
const headers: Partial<Record<StaffRoleName, Record<string, string>>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'manager', 'packer', 'content_editor'] as const)
    headers[role] = (await signedInOwner(t, role)).headers;
});
afterAll(() => t.close());

const GOOD = {
  legal_name: 'Loom and Leaf Textiles Private Limited',
  gstin: '29aagcb7383j1z4 ',
  address: '80 Feet Road, Koramangala\nBengaluru 560034',
  state_code: 'KA',
};
const put = (body: unknown, role: StaffRoleName = 'owner') =>
  t.app.inject({ method: 'PUT', url: adminTaxApi.saveSeller.path, headers: headers[role], payload: body as object });
const get = (role: StaffRoleName = 'owner') =>
  t.app.inject({ method: 'GET', url: adminTaxApi.seller.path, headers: headers[role] });

describe('GSTIN', () => {
  it('checks shape, state code and check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z5')).toBe(false); // check character
    expect(isValidGstin('00AAGCB7383J1Z4')).toBe(false); // no such state
    expect(isValidGstin('29AAGCB7383J1Y4')).toBe(false); // no Z
    expect(isValidGstin('29AAGCB7383J1Z')).toBe(false);
  });
});

describe('PUT /api/admin/tax/seller', () => {
  it('saves the seller for owners and managers, upper-casing the GSTIN', async () => {
    const res = await put(GOOD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      legal_name: GOOD.legal_name,
      gstin: '29AAGCB7383J1Z4',
      address: GOOD.address,
      state_code: 'KA',
      state_name: 'Karnataka',
    });
    expect((await put({ ...GOOD, legal_name: 'Loom and Leaf LLP' }, 'manager')).statusCode).toBe(200);
    expect((await get('manager')).json().data.legal_name).toBe('Loom and Leaf LLP');
  });

  it('refuses packers and content editors (403), reading or saving', async () => {
    for (const role of ['packer', 'content_editor'] as const) {
      expect((await get(role)).statusCode).toBe(403);
      expect((await put(GOOD, role)).statusCode).toBe(403);
    }
  });

  it('answers 422 naming the field for a bad GSTIN, one of another state, or missing fields', async () => {
    const bad = await put({ ...GOOD, gstin: '29AAGCB7383J1Z5' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.gstin).toEqual([gstinMessages.invalid]);
    const other = await put({ ...GOOD, state_code: 'MH' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.gstin).toEqual([gstinMessages.otherState('Maharashtra')]);
    const empty = await put({ legal_name: ' ', gstin: '', address: '', state_code: 'XX' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['address', 'gstin', 'legal_name', 'state_code']);
    expect((await put({ ...GOOD, extra: 1 })).statusCode).toBe(422);
    expect((await get()).json().data.legal_name).toBe('Loom and Leaf LLP');
  });
});
