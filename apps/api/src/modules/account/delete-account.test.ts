import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, authMessages, messages, myDataMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { accountDeletions, customers, otpCodes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, createCustomer, uniqueEmail, uniquePhone } from '../../test/auth.ts';
import { testBrowser, type TestBrowser } from '../../test/browser.ts';
import { buyableVariants, setStock } from '../../test/checkout.ts';
import { formData } from '../../test/form-data.ts';
import { orderAddress, setStoreSetting } from '../../test/orders.ts';
import { lastCodeTo, wrongCode } from '../../test/outbox.ts';
import { tablesHolding } from '../../test/personal-data.ts';
import { signedInOwner } from '../staff/testing.ts';
import { FORMER_CUSTOMER } from './delete-account.ts';
import { GOOD_FIELDS, PDF, TEST_STAGES, apply, makeService } from '../applications/testing.ts';
import { CACHE_DIR_NAME } from '../media/service.ts';

let t: TestApp;
let owner: Record<string, string>;
/** The shop's own data folder: the customisation photos (media/) and documents (private/) land in it. */
let dataDir: string;
/** A product customers may put a photo on (ProductCustomisation installed). */
let customisable: string;
/** A service customers apply for with documents. */
let service: { id: string; slug: string };
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-delete-account-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = (await signedInOwner(t)).headers;
  const db = t.database.db;
  await db.execute(
    sql`insert into plugins (module_name, config, is_installed) values ('ProductCustomisation', '{}', true)
        on conflict (module_name) do update set is_installed = true`,
  );
  const [row] = await queryRows<{ variant_id: string; product_id: string }>(
    db,
    sql`select v.id as variant_id, v.product_id
          from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
            and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where (select count(*) from variants w where w.product_id = v.product_id) = 1
         order by v.id desc limit 1`,
  );
  customisable = row!.variant_id;
  await db.execute(sql`update products set is_customisation_enabled = true where id = ${row!.product_id}`);
  await setStock(db, customisable, 1000);
  // A service of its own (services mode only while applying: the rest of the file sells products).
  service = await makeService(db, 3);
  await setStoreSetting(db, 'store_mode', 'products');
  const [plain] = await buyableVariants(db, 5, 1);
  expect([customisable, plain]).not.toContain(undefined);
  const products = await queryRows<{ product_id: string }>(
    db,
    sql`select product_id from variants where id in (${customisable}, ${plain!})`,
  );
  expect(products.map((p) => p.product_id)).not.toContain(service.id);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Where a media path (`/media/…`) or its resized copy lives on disk. */
const mediaFile = (p: string) => path.join(dataDir, ...p.split('/').slice(1));
const cachedCopy = (p: string) => path.join(dataDir, 'media', CACHE_DIR_NAME, 'w_320', ...p.split('/').slice(2));
const documentFile = (p: string) => path.join(dataDir, 'private', p);

/** POST /api/cart/customisation-image as the browser `b` sends it; answers the photo's image_path. */
async function uploadPhoto(b: TestBrowser, ip: string): Promise<string> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
    .jpeg()
    .toBuffer();
  const { payload, contentType } = formData([{ filename: 'me.jpg', type: 'image/jpeg', data }]);
  const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/customisation-image',
    payload,
    remoteAddress: ip,
    headers: { 'content-type': contentType, [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const imagePath = res.json().data.image_path as string;
  // A resized copy too (the cart shows one): it must go with the photo.
  expect((await t.app.inject({ method: 'GET', url: imagePath.replace('/media/', '/media/w_320/') })).statusCode).toBe(
    200,
  );
  expect(existsSync(mediaFile(imagePath)) && existsSync(cachedCopy(imagePath))).toBe(true);
  return imagePath;
}

let ip = 0;
const word = () => `Zq${randomBytes(4).toString('hex')}`;

/**
 * A customer who signed in with their password, saved an address, a wishlist item, a review and a
 * newsletter subscription, and placed an order (with an Idempotency-Key) now delivered, one of its
 * lines with their customisation photo; with a second photo on a line of their new cart, and an
 * ended application for a service with two uploaded documents.
 */
async function busyCustomer() {
  const who = { firstName: word(), lastName: word(), email: uniqueEmail(), phone: uniquePhone() };
  const line = `${word()} Street 12`;
  const savedLine = `${word()} Lane 4`;
  const customer = await createCustomer(t.database.db, who);
  const address_ = `10.61.${Math.floor(++ip / 250)}.${ip % 250}`;
  const b = testBrowser(t.app, { ip: address_ });
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
  const orderedPhoto = await uploadPhoto(b, address_);
  const customised = await b.call('POST', '/api/cart/add-item', {
    product_id: customisable,
    quantity: 1,
    additonal_data: { custom_text: `For ${who.firstName}`, image_path: orderedPhoto },
  });
  expect(customised.statusCode, customised.body).toBe(200);
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
  // A second photo, on a line of the cart they started after the order.
  const cartPhoto = await uploadPhoto(b, address_);
  const again = await b.call('POST', '/api/cart/add-item', {
    product_id: customisable,
    quantity: 1,
    additonal_data: { image_path: cartPhoto },
  });
  expect(again.statusCode, again.body).toBe(200);
  // An application made signed in (contact from the account), with two documents, since completed.
  await setStoreSetting(t.database.db, 'store_mode', 'services');
  const applied = await apply(
    t,
    { service: service.slug, ...GOOD_FIELDS, business_name: `${who.lastName} Traders` },
    [
      { field: 'pan_card', filename: `${who.lastName}-pan.pdf`, type: 'application/pdf', data: PDF },
      { field: 'address_proof', filename: `${who.firstName} rent.pdf`, type: 'application/pdf', data: PDF },
    ],
    { cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '), [CSRF_HEADER]: CSRF_HEADER_VALUE },
    address_,
  );
  await setStoreSetting(t.database.db, 'store_mode', 'products');
  expect(applied.statusCode, applied.body).toBe(200);
  const appliedId: string = applied.json().data.id;
  await queryRows(t.database.db, sql`update applications set stage = 'completed' where id = ${appliedId}`);
  const documents = (
    await queryRows<{ path: string }>(
      t.database.db,
      sql`select d.path from application_documents d join applications a on a.id = d.application_id
          where a.id = ${appliedId} and a.customer_id = ${customer.id} order by d.path`,
    )
  ).map((d) => d.path);
  expect(documents).toHaveLength(2);
  for (const d of documents) expect(existsSync(documentFile(d))).toBe(true);
  await queryRows(
    t.database.db,
    sql`insert into reviews (product_id, customer_id, author_name, rating, title, body)
        values (${productId}, ${customer.id}, ${`${who.firstName} ${who.lastName}`}, 5, 'Lovely', ${`— ${who.firstName}`})`,
  );
  await queryRows(t.database.db, sql`insert into email_subscribers (email, status) values (${who.email}, 'confirmed')`);
  // Notes the owner writes about them, through the panel's API: each also goes into the audit log.
  const noted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${customer.id}/notes`,
    headers: owner,
    payload: { body: `Called ${who.firstName} on ${who.phone}` },
  });
  expect(noted.statusCode, noted.body).toBe(200);
  const orderNoted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/notes`,
    headers: owner,
    payload: { body: `${who.firstName} ${who.lastName} asked for a call first` },
  });
  expect(orderNoted.statusCode, orderNoted.body).toBe(200);
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
    appliedId,
    photos: [orderedPhoto, cartPhoto],
    documents,
    // The files' names too: no row may still point at them.
    needles: [
      who.email,
      who.phone,
      who.firstName,
      who.lastName,
      line,
      savedLine,
      orderedPhoto,
      cartPhoto,
      ...documents,
    ],
  };
}

/** What is left of someone's uploads: files on disk, and rows naming them. */
async function uploadsLeft(who: { photos: string[]; documents: string[]; appliedId: string }) {
  const db = t.database.db;
  const photos = sql.join(
    who.photos.map((p) => sql`${p}`),
    sql`, `,
  );
  const docs = sql.join(
    who.documents.map((d) => sql`${d}`),
    sql`, `,
  );
  const [rows] = await queryRows<{ cart_lines: number; order_lines: number; documents: number; applications: number }>(
    db,
    sql`select (select count(*)::int from cart_items where image_path in (${photos})) as cart_lines,
               (select count(*)::int from order_items where image_path in (${photos})) as order_lines,
               (select count(*)::int from application_documents where path in (${docs})) as documents,
               (select count(*)::int from applications where id = ${who.appliedId}) as applications`,
  );
  return {
    ...rows!,
    photoFiles: who.photos.filter((p) => existsSync(mediaFile(p))).length,
    resizedCopies: who.photos.filter((p) => existsSync(cachedCopy(p))).length,
    documentFiles: who.documents.filter((d) => existsSync(documentFile(d))).length,
  };
}

async function codeFor(b: TestBrowser, action: 'download' | 'delete', to: string) {
  const res = await b.call('POST', '/api/account/my-data/code', { action });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(myDataMessages.codeSent);
  return lastCodeTo(t.database.db, to);
}

describe('Delete my account', () => {
  it('leaves nothing personal in any table or upload folder, keeps the order anonymised, and ends every session', async () => {
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
    // Two cart lines: the ordered cart keeps its line with the first photo; the new cart has the second.
    const uploaded = { cart_lines: 2, order_lines: 1, documents: 2, applications: 1 };
    const onDisk = { photoFiles: 2, resizedCopies: 2, documentFiles: 2 };
    expect(await uploadsLeft(me)).toEqual({ ...uploaded, ...onDisk });
    expect(await uploadsLeft(other)).toEqual({ ...uploaded, ...onDisk });
    const sessionCookie = [...me.b.jar].map(([k, v]) => `${k}=${v}`).join('; ');

    const code = await codeFor(me.b, 'delete', me.customer.phone!);
    const done = await me.b.call('POST', '/api/account/delete', { otp: code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(myDataMessages.accountDeleted);

    expect(await tablesHolding(t.database.db, me.needles)).toEqual({});
    expect(await tablesHolding(t.database.db, other.needles)).toEqual(otherBefore);
    // Their photos (with the resized copies) and documents are gone from disk; the other's stay.
    expect(await uploadsLeft(me)).toEqual({
      cart_lines: 0,
      order_lines: 0,
      documents: 0,
      applications: 0,
      photoFiles: 0,
      resizedCopies: 0,
      documentFiles: 0,
    });
    expect(await uploadsLeft(other)).toEqual({ ...uploaded, ...onDisk });

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

  it('a storage that fails to remove the documents still deletes the account: 200, the files logged to remove by hand', async () => {
    const me = await busyCustomer();
    while ((await t.app.jobs.runDue()) > 0);
    const documents = t.app.media.documents;
    const remove = documents.remove;
    documents.remove = async () => {
      throw new Error('the bucket is not answering');
    };
    try {
      const code = await codeFor(me.b, 'delete', me.customer.phone!);
      const done = await me.b.call('POST', '/api/account/delete', { otp: code });
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      documents.remove = remove;
    }
    expect(await t.database.db.select().from(customers).where(eq(customers.id, me.customer.id))).toEqual([]);
    expect(await tablesHolding(t.database.db, me.needles)).toEqual({});
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
