import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, messages, myDataMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { accountDeletions, customers, otpCodes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, createCustomer, uniqueEmail, uniquePhone } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants } from '../../test/checkout.ts';
import { orderAddress } from '../../test/orders.ts';
import { lastCodeTo, wrongCode } from '../../test/outbox.ts';
import { tablesHolding } from '../../test/personal-data.ts';
import { signedInOwner } from '../staff/testing.ts';
import { FORMER_CUSTOMER } from './delete-account.ts';
import { TEST_STAGES } from '../applications/testing.ts';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
});
afterAll(() => t.close());

let ip = 0;
const word = () => `Zq${randomBytes(4).toString('hex')}`;

/**
 * A customer who signed in with their password, saved an address, a wishlist item, a review and a
 * newsletter subscription, and placed an order (with an Idempotency-Key) now delivered.
 */
async function busyCustomer() {
  const who = { firstName: word(), lastName: word(), email: uniqueEmail(), phone: uniquePhone() };
  const line = `${word()} Street 12`;
  const savedLine = `${word()} Lane 4`;
  const customer = await createCustomer(t.database.db, who);
  const b = testBrowser(t.app, { ip: `10.61.${Math.floor(++ip / 250)}.${ip % 250}` });
  const login = await b.call('POST', '/api/auth/login', { email: who.email, password: TEST_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  const [variant] = await buyableVariants(t.database.db, 5, 1);
  const [{ product_id: productId }] = (await queryRows<{ product_id: string }>(
    t.database.db,
    sql`select product_id from variants where id = ${variant!}`,
  )) as [{ product_id: string }];
  const { country_id: countryId, state_id: stateId } = await orderAddress(t.database.db);
  const address = {
    first_name: who.firstName,
    last_name: who.lastName,
    phone: who.phone,
    email: who.email,
    city: 'Bengaluru',
    postcode: '560001',
    country_id: countryId,
    state_id: stateId,
  };
  const saved = await b.call('POST', '/api/address/add', {
    ...address,
    address_type: 'Shipping',
    address_line_1: savedLine,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await b.call('POST', '/api/wishlist/add', { product_id: productId })).statusCode).toBe(200);
  expect((await b.call('POST', '/api/cart/add-item', { product_id: variant, quantity: 1 })).statusCode).toBe(200);
  const set = await b.call('PUT', '/api/cart/update-address', {
    address_type: 'Shipping',
    ...address,
    address_line_1: line,
  });
  expect(set.statusCode, set.body).toBe(200);
  const shipping = set.json().data.shipping_methods[0].code;
  expect((await b.call('PUT', '/api/cart/update-shipping-mode', { mode: shipping })).statusCode).toBe(200);
  const pay = await b.call('PUT', '/api/cart/update-payment-mode', { mode: 'cod' });
  const placed = await b.call(
    'POST',
    '/api/checkout/place-order',
    { confirmed_total: pay.json().data.grand_total.amount, accept_terms: true },
    { 'idempotency-key': randomBytes(8).toString('hex') },
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId: string = placed.json().data.order.id;
  await queryRows(t.database.db, sql`update orders set status = 'delivered' where id = ${orderId}`);
  await queryRows(
    t.database.db,
    sql`insert into reviews (product_id, customer_id, author_name, rating, title, body)
        values (${productId}, ${customer.id}, ${`${who.firstName} ${who.lastName}`}, 5, 'Lovely', ${`— ${who.firstName}`})`,
  );
  await queryRows(t.database.db, sql`insert into email_subscribers (email, status) values (${who.email}, 'confirmed')`);
  await queryRows(
    t.database.db,
    sql`insert into customer_notes (customer_id, author, body) values (${customer.id}, 'owner@shop.test', ${`Called ${who.firstName}`})`,
  );
  // An ended application of theirs (services mode), with their answers and a message.
  const applicationId = `apl_${randomBytes(8).toString('hex')}`;
  await queryRows(
    t.database.db,
    sql`insert into applications (id, application_no, service_name, service_slug, stages, customer_id, name, email, phone,
          stage, answers, currency, tracking_token_hash)
        values (${applicationId}, ${`AP-T${randomBytes(4).toString('hex')}`}, 'GST registration', 'gst-registration',
          ${JSON.stringify(TEST_STAGES)}::jsonb, ${customer.id}, ${`${who.firstName} ${who.lastName}`}, ${who.email},
          ${who.phone}, 'completed', ${JSON.stringify([{ key: 'business_name', label: 'Business', value: `${who.lastName} Traders` }])}::jsonb,
          'INR', ${randomBytes(16).toString('hex')})`,
  );
  await queryRows(
    t.database.db,
    sql`insert into application_messages (application_id, author, body)
        values (${applicationId}, 'applicant', ${`Regards, ${who.firstName}`})`,
  );
  return {
    customer,
    b,
    orderId,
    applicationId,
    needles: [who.email, who.phone, who.firstName, who.lastName, line, savedLine],
  };
}

async function codeFor(b: TestBrowser, action: 'download' | 'delete', to: string) {
  const res = await b.call('POST', '/api/account/my-data/code', { action });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(myDataMessages.codeSent);
  return lastCodeTo(t.database.db, to);
}

describe('Delete my account', () => {
  it('leaves nothing personal in any table, keeps the order anonymised, and ends every session', async () => {
    const me = await busyCustomer();
    const other = await busyCustomer();
    expect(Object.keys(await tablesHolding(t.database.db, me.needles))).toEqual(
      expect.arrayContaining([
        'customers',
        'orders',
        'addresses',
        'access_logs',
        'reviews',
        'carts',
        'idempotency_keys',
      ]),
    );
    // The orders' e-mails are written by jobs that wake after each commit: let them finish first.
    while ((await t.app.jobs.runDue()) > 0);
    const otherBefore = await tablesHolding(t.database.db, other.needles);
    const sessionCookie = [...me.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');

    const code = await codeFor(me.b, 'delete', me.customer.phone!);
    const done = await me.b.call('POST', '/api/account/delete', { otp: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(myDataMessages.accountDeleted);

    expect(await tablesHolding(t.database.db, me.needles)).toEqual({});
    expect(await tablesHolding(t.database.db, other.needles)).toEqual(otherBefore);

    // The old session cookie is worth nothing, and the password no longer signs in.
    const old = testBrowser(t.app, { cookie: sessionCookie });
    expect((await old.call('GET', '/api/account/get')).statusCode).toBe(401);
    const again = await testBrowser(t.app, { ip: '10.62.0.1' }).call('POST', '/api/auth/login', {
      email: me.needles[0],
      password: TEST_PASSWORD,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(authMessages.loginFailed);

    // The owner still has the order, amounts intact, without the person.
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/orders?limit=100`, headers: owner });
    const row = listed.json().data.orders.find((o: { id: string }) => o.id === me.orderId);
    expect(row).toMatchObject({ customer_name: `${FORMER_CUSTOMER.first_name} ${FORMER_CUSTOMER.last_name}` });
    expect(row.email).toBeNull();
    expect(row.total.amount).toBeGreaterThan(0);

    const record = await t.app.inject({ method: 'GET', url: '/api/admin/account-deletions', headers: owner });
    expect(record.statusCode).toBe(200);
    expect(record.json().data.deletions[0]).toMatchObject({ orders_kept: 1, customer_ref: expect.any(String) });
    expect(record.body).not.toContain(String(me.customer.email));
  });

  it('refuses a wrong and an expired code with the OTP messages, deleting nothing', async () => {
    const c = await createCustomer(t.database.db);
    const b = testBrowser(t.app, { ip: '10.63.0.1' });
    expect((await b.call('POST', '/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const code = await codeFor(b, 'delete', c.phone!);
    const wrong = await b.call('POST', '/api/account/delete', { otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual([authMessages.otpInvalid]);
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.customerId, c.id));
    const expired = await b.call('POST', '/api/account/delete', { otp: code });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.otp).toEqual([authMessages.otpExpired]);
    // A code sent for the download does not delete.
    const downloadCode = await codeFor(b, 'download', c.phone!);
    expect((await b.call('POST', '/api/account/delete', { otp: downloadCode })).statusCode).toBe(422);
    expect(await t.database.db.select().from(customers).where(eq(customers.id, c.id))).toHaveLength(1);
    expect((await b.call('GET', '/api/account/get')).statusCode).toBe(200);
    // One resend an hour, then the OTP limit.
    await codeFor(b, 'delete', c.phone!);
    const third = await b.call('POST', '/api/account/my-data/code', { action: 'delete' });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(messages.maxAttempts);
  });

  it('two confirmations at once: one deletes, the other is refused', async () => {
    const c = await createCustomer(t.database.db);
    const b = testBrowser(t.app, { ip: '10.63.0.2' });
    expect((await b.call('POST', '/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const code = await codeFor(b, 'delete', c.phone!);
    const answers = await Promise.all([
      b.call('POST', '/api/account/delete', { otp: code }),
      b.call('POST', '/api/account/delete', { otp: code }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(await t.database.db.select().from(customers).where(eq(customers.id, c.id))).toEqual([]);
  });

  it('waits for orders in progress, and needs a verified contact', async () => {
    const me = await busyCustomer();
    await queryRows(t.database.db, sql`update orders set status = 'shipped' where id = ${me.orderId}`);
    const refused = await me.b.call('POST', '/api/account/my-data/code', { action: 'delete' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/orders in progress \(SF-\d+\)/);
    // An application still moving through its stages holds the account too.
    await queryRows(t.database.db, sql`update orders set status = 'delivered' where id = ${me.orderId}`);
    await queryRows(t.database.db, sql`update applications set stage = 'in_progress' where id = ${me.applicationId}`);
    const applying = await me.b.call('POST', '/api/account/my-data/code', { action: 'delete' });
    expect(applying.statusCode).toBe(409);
    expect(applying.json().message).toMatch(/applications in progress \(AP-T[0-9a-f]+\)/);

    const unverified = await createCustomer(t.database.db, { phoneVerified: false });
    const b = testBrowser(t.app, { ip: '10.63.0.3' });
    await b.call('POST', '/api/auth/login', { email: unverified.email, password: TEST_PASSWORD });
    const none = await b.call('POST', '/api/account/my-data/code', { action: 'delete' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.action).toEqual([myDataMessages.noVerifiedContact]);
  });
});

describe('the record of deletions', () => {
  it('is for owners and managers only', async () => {
    const expected = { owner: 200, manager: 200, packer: 403, content_editor: 403 } as const;
    for (const [role, status] of Object.entries(expected)) {
      const { headers } = await signedInOwner(t, role as keyof typeof expected);
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/account-deletions', headers });
      expect(res.statusCode, role).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/account-deletions' })).statusCode).toBe(401);
    expect(await t.database.db.select().from(accountDeletions)).not.toHaveLength(0);
  });
});
