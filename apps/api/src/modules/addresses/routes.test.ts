import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AddressSchema,
  DEFAULT_ADDRESS_FIELDS,
  MAX_ADDRESSES_PER_CUSTOMER,
  type Address,
  type Country,
} from '@shopfront/shared';
import { addresses, storeSettings } from '../../db/schema.ts';
import { loggedInCustomer } from '../../test/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let india: Country;
let uae: Country;
let karnataka: number;
let kerala: number;
let dubai: number;

beforeAll(async () => {
  t = await createTestApp();
  const list: Country[] = (await t.app.inject({ method: 'GET', url: '/api/settings/countries' })).json().data;
  india = list.find((c) => c.iso2 === 'IN')!;
  uae = list.find((c) => c.iso2 === 'AE')!;
  karnataka = india.states.find((s) => s.code === 'KA')!.id;
  kerala = india.states.find((s) => s.code === 'KL')!.id;
  dubai = uae.states.find((s) => s.code === 'DU')!.id;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
type Who = { headers: Headers; customer: { id: number } };

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const home = () => ({
  address_type: 'Shipping',
  first_name: 'Asha',
  last_name: 'Rao',
  phone: '9876543210',
  email: 'asha@example.test',
  address_line_1: '12 Residency Road',
  address_line_2: 'Flat 4B',
  landmark: 'Opposite Cubbon Park',
  city: 'Bengaluru',
  postcode: '560025',
  country_id: india.id,
  state_id: karnataka,
});

async function add(who: Who, body: Record<string, unknown>): Promise<Address> {
  const res = await call('POST', '/api/address/add', who.headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return AddressSchema.parse(res.json().data);
}

async function list(who: Who): Promise<Address[]> {
  const res = await call('GET', '/api/address/all', who.headers);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((a: unknown) => AddressSchema.parse(a));
}

/** Per type, which ids are default in the database itself (not as answered). */
async function defaultsInDb(customerId: number) {
  const rows = await t.database.db
    .select({ id: addresses.id, type: addresses.addressType })
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)));
  return {
    Shipping: rows.filter((r) => r.type === 'Shipping').map((r) => r.id),
    Billing: rows.filter((r) => r.type === 'Billing').map((r) => r.id),
  };
}

describe('guests', () => {
  it('get 401 with the log-in message on every address call, before any body check', async () => {
    const attempts = [
      call('GET', '/api/address/all'),
      call('POST', '/api/address/add', {}, home()),
      call('POST', '/api/address/add', {}, { nonsense: true }),
      call('PUT', '/api/address/update/1', {}, home()),
      call('DELETE', '/api/address/delete/1'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: 'Please log in to continue' });
    }
  });

  it('cannot use a session cookie without the CSRF header', async () => {
    const a = await loggedInCustomer(t);
    const res = await call('POST', '/api/address/add', { cookie: a.cookie }, home());
    expect(res.statusCode).toBe(403);
    expect(await list(a)).toEqual([]);
  });
});

describe('POST /api/address/add', () => {
  it('saves an address and answers it with country and state names; the first of a type is its default', async () => {
    const a = await loggedInCustomer(t);
    const res = await call('POST', '/api/address/add', a.headers, { ...home(), total_mrp: 249900 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe('Address saved');
    expect(body.data).not.toHaveProperty('total_mrp');
    expect(body.data).toMatchObject({
      address_id: body.data.id,
      default: true,
      address_type: 'Shipping',
      first_name: 'Asha',
      phone: '9876543210',
      address_line_2: 'Flat 4B',
      country_id: india.id,
      state_id: karnataka,
      country: { id: india.id, name: 'India' },
      state: { id: karnataka, name: 'Karnataka' },
    });

    // A billing address is a separate book: its first one is its own default.
    const billing = await add(a, { ...home(), address_type: 'Billing', default: false });
    expect(billing.default).toBe(true);
    expect(billing.landmark).toBeNull(); // billing forms have no landmark field
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [body.data.id], Billing: [billing.id] });
  });

  it('moves the default of a type when a new address asks for it, in one step', async () => {
    const a = await loggedInCustomer(t);
    const first = await add(a, home());
    const second = await add(a, { ...home(), address_line_1: '7 MG Road' });
    expect(second.default).toBe(false);
    const third = await add(a, { ...home(), address_line_1: '1 Brigade Road', default: true });
    expect(third.default).toBe(true);
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [third.id], Billing: [] });

    const all = await list(a);
    expect(all.map((x) => x.id)).toEqual([third.id, second.id, first.id]);
    expect(all.filter((x) => x.default).map((x) => x.id)).toEqual([third.id]);
  });

  it('keeps exactly one default under concurrent saves (two tabs, each saving a first address)', async () => {
    const a = await loggedInCustomer(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/api/address/add', a.headers, { ...home(), address_line_1: `${i} Road`, default: i % 2 === 0 }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const defaults = await defaultsInDb(a.customer.id);
    expect(defaults.Shipping).toHaveLength(1);
    expect((await list(a)).length).toBe(6);
  });

  it('lists each type’s default first, shipping before billing, then newest first', async () => {
    const a = await loggedInCustomer(t);
    const s1 = await add(a, home());
    const b1 = await add(a, { ...home(), address_type: 'Billing' });
    const s2 = await add(a, home());
    const b2 = await add(a, { ...home(), address_type: 'Billing' });
    expect((await list(a)).map((x) => x.id)).toEqual([s1.id, b1.id, s2.id, b2.id]);
  });

  it("answers 422 with 'This field is required' beside each empty required field", async () => {
    const a = await loggedInCustomer(t);
    const res = await call('POST', '/api/address/add', a.headers, {
      address_type: 'Shipping',
      country_id: india.id,
      first_name: '  ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'The given data was invalid.',
      errors: {
        first_name: ['This field is required'],
        last_name: ['This field is required'],
        phone: ['This field is required'],
        address_line_1: ['This field is required'],
        city: ['This field is required'],
        postcode: ['This field is required'],
        state_id: ['This field is required'],
      },
    });
    expect(await list(a)).toEqual([]);
  });

  it('checks the phone length of the chosen country, the postcode and the e-mail', async () => {
    const a = await loggedInCustomer(t);
    const bad = await call('POST', '/api/address/add', a.headers, {
      ...home(),
      phone: '98765',
      postcode: '56#25',
      email: 'asha-at-example',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      phone: ['The value length should be at least 10'],
      postcode: ['The value must be a valid postcode'],
      email: ['The value must be an valid email address'],
    });
    // The UAE's numbers have 9 digits: a 10-digit one is refused there, a 9-digit one saved.
    const uaeHome = { ...home(), country_id: uae.id, state_id: dubai, city: 'Dubai', postcode: '00000' };
    const tooLong = await call('POST', '/api/address/add', a.headers, uaeHome);
    expect(tooLong.json().errors).toEqual({ phone: ['The value length should not exceed 9'] });
    const saved = await add(a, { ...uaeHome, phone: '501234567' });
    expect(saved.country).toEqual({ id: uae.id, name: 'United Arab Emirates' });
  });

  it('asks no postcode of a country without postcodes (the UAE); an Indian address still needs one', async () => {
    expect([india.has_postcodes, uae.has_postcodes]).toEqual([true, false]);
    const a = await loggedInCustomer(t);
    const dubaiHome = { ...home(), country_id: uae.id, state_id: dubai, city: 'Dubai', phone: '501234567' };
    const saved = await add(a, { ...dubaiHome, postcode: '' });
    expect(saved.postcode).toBe('');
    // One sent anyway (a form filled for another country) is not checked and not kept.
    const typed = await add(a, { ...dubaiHome, postcode: '#?' });
    expect(typed.postcode).toBe('');
    const moved = await call('PUT', `/api/address/update/${saved.id}`, a.headers, { ...home(), postcode: '' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ postcode: ['This field is required'] });
  });

  it('refuses a PIN code of another state at the postcode field, and one that is not 6 digits', async () => {
    const a = await loggedInCustomer(t);
    // A Bengaluru PIN with Kerala chosen: the shopper is told which field and why.
    const wrongState = await call('POST', '/api/address/add', a.headers, { ...home(), state_id: kerala });
    expect(wrongState.statusCode).toBe(422);
    expect(wrongState.json().errors).toEqual({
      postcode: ['This postcode is not in Kerala. Check the postcode or the state'],
    });
    // Said together with the other fields' problems, not one submit later.
    const withOthers = await call('POST', '/api/address/add', a.headers, { ...home(), state_id: kerala, city: '' });
    expect(withOthers.json().errors).toEqual({
      city: ['This field is required'],
      postcode: ['This postcode is not in Kerala. Check the postcode or the state'],
    });
    for (const postcode of ['56002', '5600251', 'AB1234']) {
      const res = await call('POST', '/api/address/add', a.headers, { ...home(), postcode });
      expect(res.json().errors, postcode).toEqual({ postcode: ['The postcode must be 6 digits'] });
    }
    // Written with a space, it is the same PIN: kept as India writes them.
    expect((await add(a, { ...home(), postcode: '560 025' })).postcode).toBe('560025');
    const saved = await add(a, home());
    const moved = await call('PUT', `/api/address/update/${saved.id}`, a.headers, { ...home(), state_id: kerala });
    expect(moved.json().errors).toEqual({
      postcode: ['This postcode is not in Kerala. Check the postcode or the state'],
    });
  });

  it('refuses an unknown country and a state of another country', async () => {
    const a = await loggedInCustomer(t);
    const unknown = await call('POST', '/api/address/add', a.headers, { ...home(), country_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.country_id).toEqual(['The selected country is invalid']);

    const foreignState = await call('POST', '/api/address/add', a.headers, { ...home(), state_id: dubai });
    expect(foreignState.statusCode).toBe(422);
    expect(foreignState.json().errors).toEqual({ state_id: ['The selected state is invalid'] });
  });

  it('needs a known address type and a country', async () => {
    const a = await loggedInCustomer(t);
    const noType = await call('POST', '/api/address/add', a.headers, { ...home(), address_type: undefined });
    expect(noType.statusCode).toBe(422);
    expect(noType.json().errors).toEqual({ address_type: ['This field is required'] });
    const wrongType = await call('POST', '/api/address/add', a.headers, { ...home(), address_type: 'Pickup' });
    expect(wrongType.json().errors).toEqual({ address_type: ['This field is not valid'] });
    const noCountry = await call('POST', '/api/address/add', a.headers, { ...home(), country_id: null });
    expect(noCountry.json().errors.country_id).toEqual(['This field is required']);
    const notAnObject = await call('POST', '/api/address/add', a.headers, ['Shipping']);
    expect(notAnObject.statusCode).toBe(422);
  });

  it('follows the shop’s own field definitions', async () => {
    const custom = {
      ...DEFAULT_ADDRESS_FIELDS,
      Shipping: DEFAULT_ADDRESS_FIELDS.Shipping.filter((f) => f.column_name !== 'address_line_2').map((f) =>
        f.column_name === 'postcode'
          ? { ...f, is_required: false }
          : f.column_name === 'email'
            ? { ...f, is_required: true }
            : f,
      ),
    };
    await t.database.db.update(storeSettings).set({ value: custom }).where(eq(storeSettings.key, 'address_fields'));
    try {
      const a = await loggedInCustomer(t);
      const res = await call('POST', '/api/address/add', a.headers, { ...home(), email: '', postcode: '' });
      expect(res.json().errors).toEqual({ email: ['This field is required'] });
      const saved = await add(a, { ...home(), postcode: '' });
      expect(saved.postcode).toBe('');
      // A column the shop does not ask for is not kept.
      expect(saved.address_line_2).toBeNull();
    } finally {
      await t.database.db
        .update(storeSettings)
        .set({ value: DEFAULT_ADDRESS_FIELDS })
        .where(eq(storeSettings.key, 'address_fields'));
    }
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses per customer`, async () => {
    const a = await loggedInCustomer(t);
    await t.database.db.insert(addresses).values(
      Array.from({ length: MAX_ADDRESSES_PER_CUSTOMER }, (_, i) => ({
        customerId: a.customer.id,
        addressType: 'Shipping' as const,
        isDefault: i === 0,
        firstName: 'A',
        lastName: 'B',
        phone: '9876543210',
        addressLine1: `${i} Road`,
        city: 'Bengaluru',
        postcode: '560025',
        countryId: india.id,
        stateId: karnataka,
      })),
    );
    const res = await call('POST', '/api/address/add', a.headers, home());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `You can save up to ${MAX_ADDRESSES_PER_CUSTOMER} addresses. Delete one to add another`,
    );
  });
});

describe('PUT /api/address/update/{id}', () => {
  let a: Awaited<ReturnType<typeof loggedInCustomer>>;
  beforeEach(async () => {
    a = await loggedInCustomer(t);
  });

  it('replaces the fields and answers the new address', async () => {
    const saved = await add(a, home());
    const res = await call('PUT', `/api/address/update/${saved.id}`, a.headers, {
      ...home(),
      address_line_1: '44 Lavelle Road',
      landmark: '',
      state_id: kerala,
      city: 'Kochi',
      postcode: '682001',
      total_mrp: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Address updated');
    expect(res.json().data).toMatchObject({
      id: saved.id,
      default: true,
      address_line_1: '44 Lavelle Road',
      landmark: null,
      city: 'Kochi',
      state: { id: kerala, name: 'Kerala' },
    });
    expect(res.json().data).not.toHaveProperty('total_mrp');
  });

  it('sets a default and unsets the old one; un-ticking the default keeps it (a type always has one)', async () => {
    const first = await add(a, home());
    const second = await add(a, home());
    const made = await call('PUT', `/api/address/update/${second.id}`, a.headers, { ...home(), default: true });
    expect(made.json().data.default).toBe(true);
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [second.id], Billing: [] });

    const unticked = await call('PUT', `/api/address/update/${second.id}`, a.headers, { ...home(), default: false });
    expect(unticked.json().data.default).toBe(true);

    const back = await call('PUT', `/api/address/update/${first.id}`, a.headers, { ...home(), default: true });
    expect(back.json().data.default).toBe(true);
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [first.id], Billing: [] });
  });

  it('moving the default address to the other type hands the old type’s default over', async () => {
    const older = await add(a, home());
    const newer = await add(a, { ...home(), default: true });
    const billing = await add(a, { ...home(), address_type: 'Billing' });
    const moved = await call('PUT', `/api/address/update/${newer.id}`, a.headers, {
      ...home(),
      address_type: 'Billing',
    });
    expect(moved.statusCode).toBe(200);
    // Billing already had its default; the moved one joins without taking it.
    expect(moved.json().data).toMatchObject({ address_type: 'Billing', default: false });
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [older.id], Billing: [billing.id] });
  });

  it('validates like add, and leaves the address as it was on 422', async () => {
    const saved = await add(a, home());
    const res = await call('PUT', `/api/address/update/${saved.id}`, a.headers, { ...home(), city: '', phone: 'abc' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ city: ['This field is required'], phone: ['The value must be numeric'] });
    expect((await list(a))[0]).toEqual(saved);
  });

  it('answers 404 for an id that does not exist and 422 for one that is not an id', async () => {
    const missing = await call('PUT', '/api/address/update/2147483000', a.headers, home());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'error', message: 'Address not found' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call('PUT', `/api/address/update/${id}`, a.headers, home());
      expect(res.statusCode, id).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['id']);
    }
  });
});

describe('DELETE /api/address/delete/{id}', () => {
  it('deletes; a deleted default hands over to the newest remaining address of its type', async () => {
    const a = await loggedInCustomer(t);
    const first = await add(a, home());
    const second = await add(a, home());
    const third = await add(a, home());
    const billing = await add(a, { ...home(), address_type: 'Billing' });
    const res = await call('DELETE', `/api/address/delete/${first.id}`, a.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Address deleted', data: { id: first.id } });
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [third.id], Billing: [billing.id] });

    // Deleting one that is not the default changes no default.
    await call('DELETE', `/api/address/delete/${second.id}`, a.headers);
    expect(await defaultsInDb(a.customer.id)).toEqual({ Shipping: [third.id], Billing: [billing.id] });
    expect((await list(a)).map((x) => x.id)).toEqual([third.id, billing.id]);

    const again = await call('DELETE', `/api/address/delete/${first.id}`, a.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Address not found');
  });
});

describe("access control: customer B and customer A's addresses", () => {
  it('B never sees, changes or deletes A’s addresses: every id of A answers 404, as if it did not exist', async () => {
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    const aShipping = await add(a, home());
    const aBilling = await add(a, { ...home(), address_type: 'Billing' });
    const bOwn = await add(b, { ...home(), first_name: 'Bela' });

    // Listing: only B's own.
    expect((await list(b)).map((x) => x.id)).toEqual([bOwn.id]);

    for (const target of [aShipping, aBilling]) {
      const update = await call('PUT', `/api/address/update/${target.id}`, b.headers, {
        ...home(),
        first_name: 'Mallory',
        default: true,
      });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual({ status: 'error', message: 'Address not found' });

      const del = await call('DELETE', `/api/address/delete/${target.id}`, b.headers);
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ status: 'error', message: 'Address not found' });
    }

    // A's book is untouched, defaults included; B's default is still B's own.
    expect(await list(a)).toEqual([aShipping, aBilling]);
    expect(await defaultsInDb(b.customer.id)).toEqual({ Shipping: [bOwn.id], Billing: [] });
    // And an invalid body for A's id is still a 404 for B only after the id check: nothing leaks either way.
    const probe = await call('PUT', `/api/address/update/${aShipping.id}`, b.headers, { address_type: 'Shipping' });
    expect(probe.statusCode).toBe(404);
  });
});
