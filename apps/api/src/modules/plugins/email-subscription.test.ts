import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { addressSource, loggedInCustomer, uniqueEmail } from '../../test/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { outboxTo } from '../../test/outbox.ts';
import { maskEmail, subscriberOfToken, unsubscribeTokenOf } from './email-subscription-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BASE = '/api/plugins/emailSubscription';
const nextAddress = addressSource(71);
const post = (path: string, payload: unknown, remoteAddress = nextAddress(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${BASE}${path}`, payload: payload as object, remoteAddress, headers });
const subscribe = (email: unknown, remoteAddress?: string) => post('/subscribe', { email }, remoteAddress);

const rowsOf = (email: string) =>
  queryRows<{ id: number; email: string; status: string; confirm_token_hash: string | null; source: string }>(
    t.database.db,
    sql`select id, email, status, confirm_token_hash, source from email_subscribers where lower(email) = lower(${email})`,
  );

/** The links of the newest e-mail to `email`. */
async function linksTo(email: string) {
  const [msg] = await outboxTo(t.database.db, email, 'email');
  const confirm = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(msg!.body)?.[1];
  const unsubscribe = /\/newsletter\/unsubscribe\/([A-Za-z0-9_.-]+)/.exec(msg!.body)?.[1];
  return { msg: msg!, confirm: confirm!, unsubscribe: unsubscribe! };
}

/** Makes the address's last confirmation `minutes` older (the re-send pause and the link's age count from it). */
const age = (email: string, minutes: number) =>
  t.database.db.execute(
    sql`update email_subscribers set updated_at = updated_at - ${minutes} * interval '1 minute' where lower(email) = lower(${email})`,
  );

const setInstalled = (installed: boolean) =>
  t.database.db.execute(sql`update plugins set is_installed = ${installed} where module_name = 'emailSubscription'`);

describe('POST /api/plugins/emailSubscription/subscribe', () => {
  it('stores a pending address and e-mails a confirmation link and an unsubscribe link', async () => {
    const email = uniqueEmail();
    const res = await subscribe(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Thank you! Please check your inbox and follow the link to confirm your subscription',
      data: { email },
    });
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ email, status: 'pending', source: 'footer' });
    const { msg, confirm, unsubscribe } = await linksTo(email);
    expect(msg.subject).toBe('Please confirm your subscription to the Loom & Leaf newsletter');
    expect(msg.body).toContain(`/newsletter/confirm/${confirm}`);
    expect(confirm).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is kept.
    expect(row!.confirm_token_hash).not.toContain(confirm);
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(unsubscribe).toBeTruthy();
  });

  it('answers a repeat the same way, re-sending to a pending address at most once per 10 minutes, to a confirmed one never', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const first = await linksTo(email);
    const again = await subscribe(email);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      'Thank you! Please check your inbox and follow the link to confirm your subscription',
    );
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(1);

    await age(email, 11);
    await subscribe(email);
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(2);
    const second = await linksTo(email);
    expect(second.confirm).not.toBe(first.confirm);
    // The newest link is the one that works.
    expect((await post('/confirm', { token: first.confirm })).statusCode).toBe(404);
    expect((await post('/confirm', { token: second.confirm })).statusCode).toBe(200);

    await age(email, 60);
    const confirmed = await subscribe(email);
    expect(confirmed.json()).toEqual(again.json());
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(2);
    expect((await rowsOf(email))[0]!.status).toBe('confirmed');
  });

  it('makes one row and one e-mail for concurrent signups of one address', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => subscribe(i % 2 ? email.toUpperCase() : email)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await rowsOf(email)).toHaveLength(1);
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(1);
  });

  it.each([
    [{}, 'email', 'This field is required'],
    [{ email: '' }, 'email', 'This field is required'],
    [{ email: 'not-an-address' }, 'email', 'The value must be an valid email address'],
    [{ email: 42 }, 'email', 'This field is required'],
    [{ email: 'a@example.com', source: 'admin' }, 'source', 'This field is not valid'],
  ])('refuses %j with 422 on %s', async (payload, field, message) => {
    const res = await post('/subscribe', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('allows 5 signups a minute per address', async () => {
    const ip = '10.72.0.1';
    for (let i = 0; i < 5; i++) expect((await subscribe(uniqueEmail(), ip)).statusCode).toBe(200);
    const res = await subscribe(uniqueEmail(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ status: 'error', message: 'Too many requests. Please try again later' });
  });
});

describe('confirm and unsubscribe links', () => {
  it('confirms; the same link again (another device) is "already confirmed" until it expires; an unknown or expired one answers 404', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const { confirm } = await linksTo(email);
    const res = await post('/confirm', { token: confirm });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Your subscription is confirmed. Welcome aboard!',
      data: { email: maskEmail(email), status: 'confirmed' },
    });
    const [row] = await rowsOf(email);
    expect(row!.status).toBe('confirmed');
    // The hash stays while the link is valid: opened again, it says so rather than "invalid".
    expect(row!.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await post('/confirm', { token: confirm });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      status: 'success',
      message: 'Your subscription is already confirmed',
      data: { email: maskEmail(email), status: 'confirmed' },
    });
    // Past its 7 days (counted from the e-mail), the link is dead.
    await age(email, 7 * 24 * 60 + 1);
    const used = await post('/confirm', { token: confirm });
    expect(used.statusCode).toBe(404);
    expect(used.json().message).toBe(
      'This confirmation link is invalid, has expired or was already used. Please subscribe again',
    );
    expect((await rowsOf(email))[0]!.status).toBe('confirmed');
    expect((await post('/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(404);
    expect((await post('/confirm', { token: '' })).statusCode).toBe(422);
    expect((await post('/confirm', { token: 'bad token!' })).statusCode).toBe(422);

    const late = uniqueEmail();
    await subscribe(late);
    const old = await linksTo(late);
    await age(late, 7 * 24 * 60 + 1);
    expect((await post('/confirm', { token: old.confirm })).statusCode).toBe(404);
    expect((await rowsOf(late))[0]!.status).toBe('pending');
  });

  it('confirms once when the link is opened twice at the same time; both answers are successes', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const { confirm } = await linksTo(email);
    const answers = await Promise.all([post('/confirm', { token: confirm }), post('/confirm', { token: confirm })]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().message).sort()).toEqual([
      'Your subscription is already confirmed',
      'Your subscription is confirmed. Welcome aboard!',
    ]);
  });

  it('drops the confirmation hash on unsubscribe: the old link no longer answers "confirmed"', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const { confirm, unsubscribe } = await linksTo(email);
    expect((await post('/confirm', { token: confirm })).statusCode).toBe(200);
    expect((await post('/unsubscribe', { token: unsubscribe })).statusCode).toBe(200);
    expect((await rowsOf(email))[0]!.confirm_token_hash).toBeNull();
    expect((await post('/confirm', { token: confirm })).statusCode).toBe(404);
    expect((await rowsOf(email))[0]!.status).toBe('unsubscribed');
  });

  it('unsubscribes through the signed link, without login, and shows the masked address first', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const { confirm, unsubscribe } = await linksTo(email);
    await post('/confirm', { token: confirm });

    const info = await t.app.inject({
      method: 'GET',
      url: `${BASE}/unsubscribe/${unsubscribe}`,
      remoteAddress: nextAddress(),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toEqual({ email: maskEmail(email), status: 'confirmed' });
    expect(maskEmail(email)).toMatch(/^s•••@example\.test$/);

    const res = await post('/unsubscribe', { token: unsubscribe });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'You have been unsubscribed and will receive no more newsletters',
      data: { status: 'unsubscribed' },
    });
    expect((await rowsOf(email))[0]!.status).toBe('unsubscribed');
    // Again: no change, same answer.
    expect((await post('/unsubscribe', { token: unsubscribe })).statusCode).toBe(200);

    // Signing up again takes the address back to pending with a new confirmation.
    await subscribe(email);
    expect((await rowsOf(email))[0]!.status).toBe('pending');
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(2);
  });

  it('refuses a tampered or foreign unsubscribe token', async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const { unsubscribe } = await linksTo(email);
    const [id, sig] = unsubscribe.split('.') as [string, string];
    const other = `${(parseInt(id, 36) + 1).toString(36)}.${sig}`;
    const forged = `${id}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [other, forged, 'abc', `${id}.`]) {
      const res = await post('/unsubscribe', { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This unsubscribe link is not valid');
    }
    expect((await rowsOf(email))[0]!.status).toBe('pending');
  });

  it('signs the id with the secret: a token made with another secret is refused', () => {
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    expect(subscriberOfToken(a, unsubscribeTokenOf(a, 42))).toBe(42);
    expect(subscriberOfToken(b, unsubscribeTokenOf(a, 42))).toBeNull();
  });
});

describe('the signed-in customer (account Newsletter)', () => {
  it('reads the status, subscribes with double opt-in and unsubscribes', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const me = () => t.app.inject({ method: 'GET', url: `${BASE}/me`, headers, remoteAddress: nextAddress() });
    const put = (subscribed: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/me`,
        headers,
        payload: { subscribed },
        remoteAddress: nextAddress(),
      });

    expect((await me()).json().data).toEqual({ email: customer.email, status: 'none' });
    const res = await put(true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'We have sent a confirmation link to your e-mail address',
      data: { status: 'pending' },
    });
    expect((await rowsOf(customer.email!))[0]!.source).toBe('account');
    const { confirm } = await linksTo(customer.email!);
    await post('/confirm', { token: confirm });
    expect((await me()).json().data.status).toBe('confirmed');

    const off = await put(false);
    expect(off.json()).toMatchObject({
      message: 'You have been unsubscribed from the newsletter',
      data: { status: 'unsubscribed' },
    });
    expect((await put('yes')).statusCode).toBe(422);
  });

  it('re-sends the link while pending, at most once per 10 minutes, saying how long to wait', async () => {
    const { customer, headers } = await loggedInCustomer(t);
    const email = customer.email!;
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/me`,
        headers,
        payload: { subscribed: true },
        remoteAddress: nextAddress(),
      });
    expect((await put()).json().message).toBe('We have sent a confirmation link to your e-mail address');
    const first = await linksTo(email);

    const soon = await put();
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({
      status: 'error',
      message:
        'We sent a confirmation link less than 10 minutes ago. Please check your inbox and spam folder, or ask for a new link in 10 minutes',
    });
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(1);
    await age(email, 9);
    expect((await put()).json().message).toMatch(/or ask for a new link in 1 minute$/);

    await age(email, 2);
    const resent = await put();
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      message: 'We have sent a new confirmation link to your e-mail address',
      data: { status: 'pending' },
    });
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(2);
    const second = await linksTo(email);
    expect(second.confirm).not.toBe(first.confirm);
    expect((await post('/confirm', { token: second.confirm })).statusCode).toBe(200);
    // Confirmed: asking again changes nothing and sends nothing.
    const done = await put();
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('confirmed');
    expect(await outboxTo(t.database.db, email, 'email')).toHaveLength(2);
  });

  it('answers 401 to a guest', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/me` })).statusCode).toBe(401);
  });
});

describe('not installed', () => {
  it('answers 404 on every endpoint', async () => {
    const { headers } = await loggedInCustomer(t);
    await setInstalled(false);
    try {
      const calls = [
        await subscribe(uniqueEmail()),
        await post('/confirm', { token: 'x'.repeat(43) }),
        await post('/unsubscribe', { token: 'a.b' }),
        await t.app.inject({ method: 'GET', url: `${BASE}/unsubscribe/a.b` }),
        await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers }),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 'error', message: 'This plugin is not installed' });
      }
    } finally {
      await setInstalled(true);
    }
  });
});
