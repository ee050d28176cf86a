import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { staffKnownDevices } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource } from '../../test/auth.ts';
import { ADMIN_MAX_FAILURES } from '../admin/auth.ts';
import { DEVICE_COOKIE } from '../auth/known-device.ts';
import { STAFF_COOKIE } from './session.ts';
import { STAFF_TEST_PASSWORD, createStaffMember, signIn } from './testing.ts';

/**
 * Strangers cannot lock staff out (ADR 14, ADR 26): failed passwords from anywhere do not hold the
 * owner on a browser they signed in from before, and wrong tokens from an office's shared address
 * do not hold the colleagues there who have a live session.
 */
let t: TestApp;
const nextAddress = addressSource(97);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password, session: 'cookie' },
    remoteAddress: ip,
    // A browser with cookies sends the CSRF header, as the panel does.
    ...(cookie ? { headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE } } : {}),
  });
const me = (headers: Record<string, string>, ip: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers, remoteAddress: ip });

describe('staff sign-in: a known device is not held by strangers’ failures', () => {
  it('lets the owner sign in from a browser they used before while the e-mail is locked for everyone else', async () => {
    const owner = await createStaffMember(t.database.db, { role: 'owner' });
    const first = await login(owner.email, STAFF_TEST_PASSWORD, nextAddress());
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // Only its hash is kept, bound to the member.
    const rows = await t.database.db.select().from(staffKnownDevices).where(eq(staffKnownDevices.staffId, owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(device!.value);
    const knownBrowser = `${DEVICE_COOKIE}=${device!.value}`;

    // An attacker fails from many addresses, then keeps trying.
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.email, `guess-${i}`, nextAddress())).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await login(owner.email, STAFF_TEST_PASSWORD, nextAddress())).statusCode).toBe(429);
    }
    // The owner, from the browser they signed in with (any address), is not held.
    const back = await login(owner.email, STAFF_TEST_PASSWORD, nextAddress(), knownBrowser);
    expect(back.statusCode).toBe(200);
    expect(back.cookies.find((c) => c.name === STAFF_COOKIE)).toBeDefined();
    // Their success lifted the lock: a new browser of theirs works again too.
    expect((await login(owner.email, STAFF_TEST_PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it('still holds a stolen device cookie by its own back-off, and the lock by another member’s device', async () => {
    const owner = await createStaffMember(t.database.db, { role: 'owner' });
    const colleague = await createStaffMember(t.database.db, { role: 'manager' });
    const theirs = await login(colleague.email, STAFF_TEST_PASSWORD, nextAddress());
    const colleagueDevice = `${DEVICE_COOKIE}=${theirs.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;
    for (let i = 0; i < 5; i++) {
      expect((await login(owner.email, `guess-${i}`, nextAddress())).statusCode).toBe(401);
    }
    // A device known for someone else is a stranger's for this e-mail.
    expect((await login(owner.email, STAFF_TEST_PASSWORD, nextAddress(), colleagueDevice)).statusCode).toBe(429);

    const mine = await login(owner.email, STAFF_TEST_PASSWORD, nextAddress());
    expect(mine.statusCode).toBe(429);
    const fresh = await createStaffMember(t.database.db, { role: 'owner' });
    const firstLogin = await login(fresh.email, STAFF_TEST_PASSWORD, nextAddress());
    const stolen = `${DEVICE_COOKIE}=${firstLogin.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;
    // Guessing with a stolen device cookie: 3 free tries, then waits.
    for (let i = 0; i < 3; i++) {
      expect((await login(fresh.email, `guess-${i}`, nextAddress(), stolen)).statusCode).toBe(401);
    }
    const held = await login(fresh.email, 'guess-4', nextAddress(), stolen);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('owner API tokens: one address, many people', () => {
  const forged = (c: string) => `sfs_${c.repeat(43)}`;

  it('holds wrong tokens from an address past the limit, but not the colleagues there with live sessions', async () => {
    const office = nextAddress();
    const bearerMember = await createStaffMember(t.database.db, { role: 'owner' });
    const cookieMember = await createStaffMember(t.database.db, { role: 'manager' });
    const bearer = await signIn(t, bearerMember.email, { ip: nextAddress() });
    const cookie = await signIn(t, cookieMember.email, { ip: nextAddress(), session: 'cookie' });

    for (let i = 0; i < ADMIN_MAX_FAILURES; i++) {
      expect((await me({ authorization: `Bearer ${forged(String(i))}` }, office)).statusCode).toBe(401);
    }
    // Guessing goes on being refused from there...
    for (const c of ['Y', 'Z']) {
      const refused = await me({ authorization: `Bearer ${forged(c)}` }, office);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const staleCookie = await me({ cookie: `${STAFF_COOKIE}=${forged('Q')}` }, office);
    expect(staleCookie.statusCode).toBe(429);
    // ...while the people in the office keep working, by token and by browser.
    const byToken = await me(bearer, office);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json().data.id).toBe(bearerMember.id);
    const byBrowser = await me(cookie, office);
    expect(byBrowser.statusCode).toBe(200);
    expect(byBrowser.json().data.id).toBe(cookieMember.id);
    // A request with no credential is not counted and not held: a 401 as ever.
    expect((await me({}, office)).statusCode).toBe(401);
  });
});
