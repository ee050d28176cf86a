import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSetupApi, type SetupStatus, type UndoOffer } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createCustomer } from '../../../test/auth.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { ensureShopBase } from '../setup/base.ts';

/**
 * Issue 25: every undoable save answers `undo: { id, also, expires_at }` beside its data, and the
 * undo of that offer (with `also`) puts the whole save back; region and legal steps are undoable,
 * and a first save of the store step can be undone too.
 */
let t: TestApp;
let owner: Record<string, string>;
let manager: Record<string, string>;
let packer: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await ensureShopBase(t.database);
  owner = (await signedInOwner(t)).headers;
  manager = (await signedInOwner(t, 'manager')).headers;
  packer = (await signedInOwner(t, 'packer')).headers;
}, 120_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = owner) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const status = async (): Promise<SetupStatus> => (await call('GET', adminSetupApi.status.path)).json().data;
/** A save: 200, and its Undo offer. */
async function save(method: 'PUT' | 'PATCH' | 'POST', url: string, body: unknown, headers = owner): Promise<UndoOffer> {
  const res = await call(method, url, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  const offer = res.json().undo as UndoOffer;
  expect(offer).toMatchObject({ id: expect.any(Number), also: expect.any(Array) });
  const left = Date.parse(offer.expires_at) - Date.now();
  expect(left).toBeGreaterThan(5_000);
  expect(left).toBeLessThanOrEqual(10_000);
  return offer;
}
const undo = (offer: UndoOffer, headers = owner) =>
  call('POST', `/api/admin/audit/${offer.id}/undo`, { also: offer.also }, headers);

const STORE = {
  store_name: 'Kavya Crafts',
  store_email: 'hello@kavya.example',
  logo: null,
  primary_colour: '#7c2d12',
  accent_colour: '#0f766e',
};

describe('Undo offers on saves', () => {
  it("store: the shop's first save is undone whole (name, e-mail, colours): what was there shows again", async () => {
    const first = await status();
    const offer = await save('PUT', adminSetupApi.store.path, STORE);
    expect(offer.also).toHaveLength(1); // the store settings and the storefront: one save, two entries
    expect((await status()).steps.store.values.store_name).toBe('Kavya Crafts');
    const res = await undo(offer);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.store.values).toEqual(first.steps.store.values);
    // Undone already: refused, nothing changes.
    expect((await undo(offer)).statusCode).toBe(409);
  });

  it('store: refused with the message when the record changed since, and nothing is half undone', async () => {
    const offer = await save('PUT', adminSetupApi.store.path, STORE);
    await save('PUT', adminSetupApi.store.path, { ...STORE, primary_colour: '#111111' });
    const res = await undo(offer);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/changed since/);
    const now = (await status()).steps.store.values;
    expect(now).toMatchObject({ store_name: 'Kavya Crafts', primary_colour: '#111111' });
  });

  it('region: the channel, its currency and the store country go back; refused after a later change', async () => {
    const was = (await status()).steps.region.values;
    const offer = await save('PUT', adminSetupApi.region.path, { country: 'ae', currency: 'aed' }, manager);
    expect((await status()).steps.region.values).toEqual({ country: 'AE', currency: 'AED' });
    const res = await undo(offer, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.region.values).toEqual(was);

    const second = await save('PUT', adminSetupApi.region.path, { country: 'ae', currency: 'aed' });
    await save('PUT', adminSetupApi.region.path, was);
    expect((await undo(second)).statusCode).toBe(409);
    expect((await status()).steps.region.values).toEqual(was);
  });

  it('legal: the pages as they were (none at first) and the links; a packer may not undo', async () => {
    const was = await status();
    const legal = {
      ...was.steps.legal.values,
      terms: { title: 'Our terms', body: 'Be kind.' },
    };
    const offer = await save('PUT', adminSetupApi.legal.path, legal);
    expect((await call('GET', '/api/page/terms-and-conditions')).statusCode).toBe(200);
    expect((await undo(offer, packer)).statusCode).toBe(403);
    const res = await undo(offer);
    expect(res.statusCode, res.body).toBe(200);
    expect((await status()).steps.legal.values).toEqual(was.steps.legal.values);

    const again = await save('PUT', adminSetupApi.legal.path, legal);
    await save('PUT', adminSetupApi.legal.path, { ...legal, terms: { title: 'Terms', body: 'Later.' } });
    expect((await undo(again)).statusCode).toBe(409);
    expect((await status()).steps.legal.values.terms).toEqual({ title: 'Terms', body: 'Later.' });
  });

  it('tax, settings and a staff role change answer an offer that undoes them', async () => {
    const tax = await save('PUT', adminSetupApi.tax.path, { tax_rate_percent: 12, prices_include_tax: true });
    expect(tax.also).toEqual([]);
    expect((await undo(tax)).statusCode).toBe(200);

    const settings = await save('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00001' });
    expect((await undo(settings)).statusCode).toBe(200);

    const created = await call('POST', '/api/admin/staff', {
      email: `offer${Date.now()}@shop.test`,
      name: 'Temp',
      password: 'Correct-Horse-Staple-99',
    });
    const id = created.json().data.id as string;
    const role = await save('PATCH', `/api/admin/staff/${id}`, { role: 'packer' });
    const res = await undo(role);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await call('GET', '/api/admin/staff')).json().data;
    const staff = (Array.isArray(list) ? list : list.staff).find((s: { id: string }) => s.id === id);
    expect(staff.role).not.toBe('packer');
    // A save that changed nothing offers no Undo.
    const same = await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00001' });
    await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00001' });
    expect(
      (await call('PATCH', '/api/admin/settings', { store_phone: '+91 99999 00001' })).json().undo,
    ).toBeUndefined();
    expect(same.statusCode).toBe(200);
  });

  it('customer block and note answer offers; a block undone after an unblock is refused', async () => {
    const c = await createCustomer(t.database.db);
    const block = await save('POST', `/api/admin/customers/${c.id}/block`, {}, manager);
    expect((await undo(block, manager)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/customers/${c.id}`)).json().data.blocked_at).toBeNull();

    const again = await save('POST', `/api/admin/customers/${c.id}/block`, {});
    await save('POST', `/api/admin/customers/${c.id}/unblock`, {});
    expect((await undo(again)).statusCode).toBe(409);

    const note = await save('POST', `/api/admin/customers/${c.id}/notes`, { body: 'Undo me' });
    expect((await undo(note, packer)).statusCode).toBe(403);
    expect((await undo(note)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/customers/${c.id}`)).json().data.notes).toEqual([]);
  });
});
