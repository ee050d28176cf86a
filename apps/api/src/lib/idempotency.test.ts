import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages, type Country } from '@shopfront/shared';
import { queryRows } from '../db/client.ts';
import { addresses, formSubmissions, idempotencyKeys, reviews } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { loggedInCustomer } from '../test/auth.ts';
import { HttpError } from './http.ts';
import { IDEMPOTENCY_ABANDONED_MS, idempotencyPlugin } from './idempotency.ts';

let t: TestApp;
let india: Country;
let karnataka: number;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  const list: Country[] = (await t.app.inject({ method: 'GET', url: '/api/settings/countries' })).json().data;
  india = list.find((c) => c.iso2 === 'IN')!;
  karnataka = india.states.find((s) => s.code === 'KA')!.id;
  const [p] = await queryRows<{ slug: string }>(
    t.database.db,
    sql`select slug from products where is_published order by slug limit 1`,
  );
  slug = p!.slug;
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, body: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const withKey = (headers: Headers, key: string) => ({ ...headers, 'idempotency-key': key });

const home = (line = '12 Residency Road') => ({
  address_type: 'Shipping',
  first_name: 'Asha',
  last_name: 'Rao',
  phone: '9876543210',
  email: 'asha@example.test',
  address_line_1: line,
  city: 'Bengaluru',
  postcode: '560025',
  country_id: india.id,
  state_id: karnataka,
});
const addressesOf = (customerId: number) =>
  t.database.db.select().from(addresses).where(eq(addresses.customerId, customerId));

const contact = {
  name: 'Asha Kulkarni',
  email: 'asha@example.com',
  topic: 'An order',
  message: 'Where is my order #1042, please?',
};
const submissionsFrom = (ip: string) => t.database.db.select().from(formSubmissions).where(eq(formSubmissions.ip, ip));

describe('Idempotency-Key on POST /api/address/add', () => {
  it('replays the first answer to a retry with the same key and body, and writes once', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    const first = await post('/api/address/add', withKey(a.headers, key), home());
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Key order in the body does not make it another request.
    const reordered = Object.fromEntries(Object.entries(home()).reverse());
    for (const body of [home(), reordered]) {
      const retry = await post('/api/address/add', withKey(a.headers, key), body);
      expect(retry.statusCode).toBe(200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.headers['content-type']).toMatch(/^application\/json/);
      expect(retry.body).toBe(first.body);
    }
    expect(await addressesOf(a.customer.id)).toHaveLength(1);
  });

  it('refuses the same key with another body (422) and runs nothing', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    expect((await post('/api/address/add', withKey(a.headers, key), home())).statusCode).toBe(200);
    const other = await post('/api/address/add', withKey(a.headers, key), home('99 MG Road'));
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ status: 'error', message: idempotencyMessages.keyReused });
    expect(await addressesOf(a.customer.id)).toHaveLength(1);
  });

  it('answers 422 for a key that is empty, too long or not visible ASCII, and runs nothing', async () => {
    const a = await loggedInCustomer(t);
    for (const key of ['', 'x'.repeat(256), 'two words', 'clé', '""']) {
      const res = await post('/api/address/add', withKey(a.headers, key), home());
      expect(res.statusCode, key).toBe(422);
      expect(res.json()).toEqual({
        status: 'error',
        message: idempotencyMessages.invalidKey,
        errors: { 'Idempotency-Key': [idempotencyMessages.invalidKey] },
      });
    }
    expect(await addressesOf(a.customer.id)).toHaveLength(0);
    // 255 visible characters, and the draft's quoted form of the same key, are one key.
    const longest = '!'.repeat(254) + '~';
    expect((await post('/api/address/add', withKey(a.headers, longest), home())).statusCode).toBe(200);
    const quoted = await post('/api/address/add', withKey(a.headers, `"${longest}"`), home());
    expect(quoted.headers['idempotent-replayed']).toBe('true');
    expect(await addressesOf(a.customer.id)).toHaveLength(1);
  });

  it('leaves the route as it was without the header: every call writes', async () => {
    const a = await loggedInCustomer(t);
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/address/add', a.headers, home());
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await addressesOf(a.customer.id)).toHaveLength(2);
  });

  it('stores a 4xx answer too: a retry replays the 422, a corrected body needs a new key', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    const invalid = { ...home(), address_type: undefined, postcode: '12' };
    const first = await post('/api/address/add', withKey(a.headers, key), invalid);
    expect(first.statusCode).toBe(422);
    const retry = await post('/api/address/add', withKey(a.headers, key), invalid);
    expect(retry.statusCode).toBe(422);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    const corrected = await post('/api/address/add', withKey(a.headers, key), home());
    expect(corrected.statusCode).toBe(422);
    expect(corrected.json().message).toBe(idempotencyMessages.keyReused);
    expect(await addressesOf(a.customer.id)).toHaveLength(0);
    expect((await post('/api/address/add', withKey(a.headers, randomUUID()), home())).statusCode).toBe(200);
    expect(await addressesOf(a.customer.id)).toHaveLength(1);
  });

  it('keeps each customer’s keys apart: the same key from another customer is a new request', async () => {
    const a = await loggedInCustomer(t);
    const b = await loggedInCustomer(t);
    const key = randomUUID();
    const ra = await post('/api/address/add', withKey(a.headers, key), home());
    const rb = await post('/api/address/add', withKey(b.headers, key), home());
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.json().data.id).not.toBe(ra.json().data.id);
  });

  it('holds under 20 concurrent requests with one key: one row; each answer is the stored one or 409', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/address/add', withKey(a.headers, key), home())),
    );
    const rows = await addressesOf(a.customer.id);
    expect(rows).toHaveLength(1);
    const answered = results.filter((r) => r.statusCode === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of answered) expect(r.json().data.id).toBe(rows[0]!.id);
    expect(answered.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ status: 'error', message: idempotencyMessages.inFlight });
    }
    // Once the first is done, every retry is answered from the store.
    const late = await post('/api/address/add', withKey(a.headers, key), home());
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json().data.id).toBe(rows[0]!.id);
  });

  it('lets an expired key be used again, for any body', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    expect((await post('/api/address/add', withKey(a.headers, key), home())).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(idempotencyKeys.scope, `customer:${a.customer.id}`), eq(idempotencyKeys.key, key)));
    const again = await post('/api/address/add', withKey(a.headers, key), home('99 MG Road'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await addressesOf(a.customer.id)).toHaveLength(2);
    const [row] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it('gives a claim abandoned mid-request (process died) to a retry of the same request', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    expect((await post('/api/address/add', withKey(a.headers, key), home())).statusCode).toBe(200);
    const stuck = { responseStatus: null, responseBody: null };
    const where = and(eq(idempotencyKeys.scope, `customer:${a.customer.id}`), eq(idempotencyKeys.key, key));
    await t.database.db.update(idempotencyKeys).set(stuck).where(where);
    expect((await post('/api/address/add', withKey(a.headers, key), home())).statusCode).toBe(409);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_ABANDONED_MS - 1000) })
      .where(where);
    // Another request still may not take it; the same one runs.
    expect((await post('/api/address/add', withKey(a.headers, key), home('1 Other Road'))).statusCode).toBe(422);
    const retry = await post('/api/address/add', withKey(a.headers, key), home());
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key on POST /api/plugins/review/rate-product', () => {
  it('replays the review instead of answering 409 "already reviewed" to a retry', async () => {
    const a = await loggedInCustomer(t);
    const key = randomUUID();
    const body = { slug, rating: 4, title: 'Good', body: 'Works as described.' };
    const first = await post('/api/plugins/review/rate-product', withKey(a.headers, key), body);
    expect(first.statusCode).toBe(200);
    const retry = await post('/api/plugins/review/rate-product', withKey(a.headers, key), body);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.customerId, a.customer.id))).toHaveLength(1);
  });
});

describe('Idempotency-Key on POST /api/form/submit/{id} (guests)', () => {
  it('keys a guest by client address, and tells form ids apart', async () => {
    const key = randomUUID();
    const first = await post('/api/form/submit/contact', { 'idempotency-key': key }, contact, '10.77.0.1');
    expect(first.statusCode).toBe(200);
    const retry = await post('/api/form/submit/contact', { 'idempotency-key': key }, contact, '10.77.0.1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect(await submissionsFrom('10.77.0.1')).toHaveLength(1);
    // Another guest with the same key is another request.
    const other = await post('/api/form/submit/contact', { 'idempotency-key': key }, contact, '10.77.0.2');
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await submissionsFrom('10.77.0.2')).toHaveLength(1);
    // The path parameter is part of the request: the same key for another form is refused.
    const otherForm = await post('/api/form/submit/trade-enquiry', { 'idempotency-key': key }, contact, '10.77.0.1');
    expect(otherForm.statusCode).toBe(422);
    expect(otherForm.json().message).toBe(idempotencyMessages.keyReused);
    // The table keeps no client address.
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows.map((r) => r.scope).join()).not.toContain('10.77');
  });
});

describe('answers that are not kept', () => {
  it('releases the key after a 5xx or a 429, so a retry runs again', async () => {
    // A bare app around the plugin: the shop's routes have no switch to fail on demand.
    const app = Fastify();
    app.decorate('db', t.database.db);
    app.decorateRequest('getCustomer', async () => null);
    await app.register(idempotencyPlugin);
    const answers = [new Error('database went away'), new HttpError(429, 'Slow down'), null];
    let runs = 0;
    app.post('/flaky', { config: { idempotent: true } }, async () => {
      const next = answers[runs++];
      if (next) throw next;
      return { status: 'success', data: { runs } };
    });
    await app.ready();
    try {
      const key = randomUUID();
      const call = () =>
        app.inject({ method: 'POST', url: '/flaky', headers: { 'idempotency-key': key }, payload: { a: 1 } });
      expect((await call()).statusCode).toBe(500);
      expect((await call()).statusCode).toBe(429);
      const ok = await call();
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'success', data: { runs: 3 } });
      const replay = await call();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(runs).toBe(3);
    } finally {
      await app.close();
    }
  });
});
