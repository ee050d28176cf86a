import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE, authMessages, emailSubscriptionMessages } from '@shopfront/shared';
import { addressSource, createCustomer, loggedInCustomer, uniqueEmail } from '../../test/auth.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { outboxTo } from '../../test/outbox.ts';

/**
 * "We have sent you an e-mail" only when an e-mail reaches a reader: an SMTP transport or the dev
 * outbox page. Without either (SMTP_URL unset, DEV_OUTBOX off) the password reset and newsletter
 * answers say the link waits in the shop's outbox and to contact the shop, alike for a known and an
 * unknown address.
 */
let withOutbox: TestApp;
let noMail: TestApp;
beforeAll(async () => {
  [withOutbox, noMail] = await Promise.all([createTestApp(), createTestApp({ env: { DEV_OUTBOX: 'false' } })]);
});
afterAll(() => Promise.all([withOutbox?.close(), noMail?.close()]));

const nextAddress = addressSource(83);
const post = (t: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: nextAddress(),
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...headers },
  });

describe('password reset', () => {
  it('with a reader for e-mail: "we have sent", the same for a known and an unknown address', async () => {
    const known = await createCustomer(withOutbox.database.db);
    const a = await post(withOutbox, '/api/auth/reset', { email: known.email });
    const b = await post(withOutbox, '/api/auth/reset', { email: uniqueEmail() });
    expect(a.json()).toEqual({ status: 'success', message: authMessages.resetSent, data: null });
    expect(b.json()).toEqual(a.json());
  });

  it('without one: the link waits in the outbox, contact the shop; the same for a known and an unknown address', async () => {
    const known = await createCustomer(noMail.database.db);
    const a = await post(noMail, '/api/auth/reset', { email: known.email });
    const b = await post(noMail, '/api/auth/reset', { email: uniqueEmail() });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ status: 'success', message: authMessages.resetHeld, data: null });
    expect(b.json()).toEqual(a.json());
    expect(authMessages.resetHeld).not.toMatch(/we have sent/i);
    expect(authMessages.resetHeld).toMatch(/outbox.*contact the shop/);
    // What the answer says is so: the link was written and is held, not sent.
    const [held] = await outboxTo(noMail.database.db, known.email!, 'email');
    expect(held?.body).toMatch(/\/account\/reset-password\//);
  });
});

describe('newsletter sign-up', () => {
  const BASE = '/api/plugins/emailSubscription';

  it('with a reader for e-mail: "check your inbox" / "we have sent"', async () => {
    const res = await post(withOutbox, `${BASE}/subscribe`, { email: uniqueEmail() });
    expect(res.json().message).toBe(emailSubscriptionMessages.checkInbox);
    const { headers } = await loggedInCustomer(withOutbox);
    const me = await withOutbox.app.inject({
      method: 'PUT',
      url: `${BASE}/me`,
      headers,
      payload: { subscribed: true },
      remoteAddress: nextAddress(),
    });
    expect(me.json().message).toBe(emailSubscriptionMessages.accountSubscribed);
  });

  it('without one: the confirmation link waits in the outbox, contact the shop (footer and account)', async () => {
    const email = uniqueEmail();
    const res = await post(noMail, `${BASE}/subscribe`, { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: emailSubscriptionMessages.linkHeld, data: { email } });
    expect(emailSubscriptionMessages.linkHeld).not.toMatch(/check your inbox|we have sent/i);
    const { headers } = await loggedInCustomer(noMail);
    const me = await noMail.app.inject({
      method: 'PUT',
      url: `${BASE}/me`,
      headers,
      payload: { subscribed: true },
      remoteAddress: nextAddress(),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ message: emailSubscriptionMessages.linkHeld, data: { status: 'pending' } });
    // Asked again within the pause: not "we sent a link … check your inbox".
    const again = await noMail.app.inject({
      method: 'PUT',
      url: `${BASE}/me`,
      headers,
      payload: { subscribed: true },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(emailSubscriptionMessages.linkHeld);
  });
});
