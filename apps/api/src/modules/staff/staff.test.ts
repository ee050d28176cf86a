import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { auditLog, staff, staffSessions } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/password.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource } from '../../test/auth.ts';
import { MASK, maskSecrets } from './audit.ts';
import { STAFF_COOKIE } from './session.ts';
import { STAFF_TEST_PASSWORD, createStaffMember, signIn, signedInOwner } from './testing.ts';

let t: TestApp;
const nextAddress = addressSource(71);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, unknown>, ip = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/admin/auth/login', payload, remoteAddress: ip });
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) =>
  t.app.inject({ method, url, headers, remoteAddress: nextAddress(), ...(payload === undefined ? {} : { payload }) });
const me = (headers: Record<string, string>) => call('GET', '/api/admin/auth/me', headers);

describe('staff sign-in', () => {
  it('signs in with a bearer token that works on the owner API, and with the demo owner', async () => {
    const owner = await createStaffMember(t.database.db, { name: 'Anita Rao', email: 'Anita.Rao@Shop.test' });
    const res = await login({ email: 'ANITA.Rao@shop.TEST', password: STAFF_TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'success',
      message: 'Signed in',
      data: { staff: { id: owner.id, email: 'anita.rao@shop.test', name: 'Anita Rao', role: 'owner' } },
    });
    expect(body.data.token).toMatch(/^sfs_[A-Za-z0-9_-]{43}$/);
    // A bearer session sets no cookie and lasts 30 days.
    expect(res.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
    const days = (Date.parse(body.data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const who = await me({ authorization: `Bearer ${body.data.token}` });
    expect(who.json()).toEqual({
      status: 'success',
      data: { id: owner.id, email: 'anita.rao@shop.test', name: 'Anita Rao', role: 'owner' },
    });
    // Only the token's hash is stored.
    const rows = await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, owner.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.data.token);

    const demo = await login({ email: 'owner@example.com', password: 'Loom&Leaf-Owner-2026' });
    expect(demo.json().data.staff).toMatchObject({ role: 'owner', name: 'Meera Iyer' });
  });

  it('answers an unknown e-mail and a wrong password with the same 401, and a malformed body with 422', async () => {
    const member = await createStaffMember(t.database.db);
    const wrong = await login({ email: member.email, password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@shop.test', password: STAFF_TEST_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 'error', message: 'These credentials do not match our records' });
    }
    const bad = await login({ email: 'not-an-email', password: '', session: 'forever' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      email: ['The value must be an valid email address'],
      password: ['This field is required'],
      session: ['The session must be "cookie" or "bearer"'],
    });
  });

  it('throttles wrong passwords per e-mail (429 with Retry-After, even for the right one) and per address', async () => {
    const member = await createStaffMember(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: member.email, password: `guess-${i}` })).statusCode).toBe(401);
    }
    const locked = await login({ email: member.email, password: STAFF_TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 'error', message: 'Too many failed attempts. Please try again later' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // One address trying many e-mails is held by the address counter (20 failures).
    const ip = nextAddress();
    for (let i = 0; i < 20; i++) {
      expect((await login({ email: `someone${i}@shop.test`, password: 'x' }, ip)).statusCode).toBe(401);
    }
    const other = await createStaffMember(t.database.db);
    expect((await login({ email: other.email, password: STAFF_TEST_PASSWORD }, ip)).statusCode).toBe(429);
    expect((await login({ email: other.email, password: STAFF_TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a deactivated account with 403, and only with its right password', async () => {
    const member = await createStaffMember(t.database.db, { isActive: false });
    expect((await login({ email: member.email, password: 'wrong-password' })).statusCode).toBe(401);
    const res = await login({ email: member.email, password: STAFF_TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'This staff account has been deactivated' });
  });

  it('keeps a browser session in the HttpOnly sf_staff cookie; cookie writes need the CSRF header', async () => {
    const member = await createStaffMember(t.database.db);
    const res = await login({ email: member.email, password: STAFF_TEST_PASSWORD, session: 'cookie' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toBeUndefined();
    const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 12 * 3600 });
    const headers = { cookie: `${STAFF_COOKIE}=${cookie.value}` };
    expect((await me(headers)).json().data.id).toBe(member.id);
    const patch = { store_phone: '+91 80 4000 9999' };
    const noHeader = await call('PATCH', '/api/admin/settings', headers, patch);
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().message).toBe('Cross-site request rejected');
    const foreign = await call(
      'PATCH',
      '/api/admin/settings',
      { ...headers, 'x-requested-with': 'shopfront', origin: 'https://evil.example' },
      patch,
    );
    expect(foreign.statusCode).toBe(403);
    const ok = await call('PATCH', '/api/admin/settings', { ...headers, 'x-requested-with': 'shopfront' }, patch);
    expect(ok.statusCode).toBe(200);
  });

  it('stops accepting an expired session, and a signed-out one', async () => {
    const { member, headers } = await signedInOwner(t);
    expect((await me(headers)).statusCode).toBe(200);
    await t.database.db
      .update(staffSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSessions.staffId, member.id));
    const expired = await me(headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ status: 'error', message: 'Please sign in as staff to use the owner API' });

    const cookieHeaders = await signIn(t, member.email, { session: 'cookie' });
    const out = await call('POST', '/api/admin/auth/logout', cookieHeaders);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'success', message: 'Signed out', data: null });
    expect(out.cookies.find((c) => c.name === STAFF_COOKIE)?.value).toBe('');
    expect((await me(cookieHeaders)).statusCode).toBe(401);

    const bearer = await signIn(t, member.email);
    expect((await call('POST', '/api/admin/auth/logout', bearer)).statusCode).toBe(200);
    expect((await me(bearer)).statusCode).toBe(401);
  });

  it('answers 401 on the owner API without a session, and only the sign-in is public', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/settings'],
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/auth/logout'],
      ['GET', '/api/admin/audit-log'],
    ] as const) {
      const res = await t.app.inject({ method, url, remoteAddress: nextAddress() });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('own password', () => {
  it('checks the current password, refuses weak ones, and signs out every other session', async () => {
    const member = await createStaffMember(t.database.db);
    const current = await signIn(t, member.email);
    const other = await signIn(t, member.email, { session: 'cookie' });
    const change = (payload: object) => call('PUT', '/api/admin/auth/password', current, payload);

    const wrong = await change({ current_password: 'nope-nope-nope', password: 'A-new-long-password-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect'] });
    const short = await change({ current_password: STAFF_TEST_PASSWORD, password: 'short' });
    expect(short.json().errors).toEqual({ password: ['The value length should be at least 10'] });
    const common = await change({ current_password: STAFF_TEST_PASSWORD, password: 'password123' });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password[0]).toMatch(/most common/);

    const done = await change({ current_password: STAFF_TEST_PASSWORD, password: 'A-new-long-password-1' });
    expect(done.statusCode).toBe(200);
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(await verifyPassword(row!.passwordHash, 'A-new-long-password-1')).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.target} = ${`staff:${member.id}`} and ${auditLog.action} = 'staff.password'`);
    expect(entry).toMatchObject({ before: { password: MASK }, after: { password: MASK }, actor: member.email });
  });
});

describe('staff management', () => {
  it('lets an owner add staff (e-mail lower-cased, unique) and answers 409 for a taken e-mail', async () => {
    const { member: owner, headers } = await signedInOwner(t);
    const add = (payload: Record<string, unknown>) => call('POST', '/api/admin/staff', headers, payload);
    const res = await add({ email: 'Priya.N@Shop.test', name: 'Priya Nair', password: 'Sturdy-Password-77' });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      email: 'priya.n@shop.test',
      name: 'Priya Nair',
      role: 'manager',
      is_active: true,
      last_login_at: null,
    });
    expect(created.id).toMatch(/^stf_/);
    const taken = await add({ email: 'PRIYA.N@shop.test', name: 'Someone', password: 'Sturdy-Password-77' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: 'error', message: 'A staff member with this e-mail already exists' });
    const bad = await add({ email: 'x', name: ' ', password: 'short', role: 'king' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password', 'role']);
    expect(bad.json().errors.role).toEqual(['The role must be one of owner, manager, packer or content_editor']);

    const list = await call('GET', '/api/admin/staff', headers);
    expect(list.json().data.map((s: { email: string }) => s.email)).toEqual(
      expect.arrayContaining(['priya.n@shop.test', owner.email, 'owner@example.com']),
    );
    // The new member signs in; the audit entry has the account but never the password.
    expect((await login({ email: 'priya.n@shop.test', password: 'Sturdy-Password-77' })).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff:${created.id}`));
    expect(entry).toMatchObject({
      action: 'staff.create',
      actor: owner.email,
      staffId: owner.id,
      before: null,
      after: { email: 'priya.n@shop.test', role: 'manager', password: MASK },
    });
    expect(JSON.stringify(entry)).not.toContain('Sturdy-Password-77');
  });

  it('keeps staff (not owners) out of staff management with 403, but lets them change the shop', async () => {
    const { headers } = await signedInOwner(t, 'manager');
    for (const [method, url, payload] of [
      ['GET', '/api/admin/staff', undefined],
      ['POST', '/api/admin/staff', { email: 'x@shop.test', name: 'X', password: 'Sturdy-Password-77' }],
      ['PATCH', '/api/admin/staff/stf_demo_owner', { is_active: false }],
    ] as const) {
      const res = await call(method, url, headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: 'You do not have permission to do this' });
    }
    expect((await call('GET', '/api/admin/settings', headers)).statusCode).toBe(200);
    expect((await call('PATCH', '/api/admin/settings', headers, { store_state: 'KA' })).statusCode).toBe(200);
  });

  it('changes name, role and active flag; deactivating ends the sessions; the last active owner stays', async () => {
    // A shop of its own, so "the last owner" is this test's.
    const shop = await createTestApp({ seed: false });
    try {
      const first = await createStaffMember(shop.database.db, { role: 'owner' });
      const second = await createStaffMember(shop.database.db, { role: 'manager' });
      const headers = await signIn(shop, first.email);
      const secondHeaders = await signIn(shop, second.email);
      const patch = (id: string, payload: object) =>
        shop.app.inject({ method: 'PATCH', url: `/api/admin/staff/${id}`, headers, payload });

      const demote = await patch(first.id, { role: 'manager' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe('The shop needs at least one active owner: make someone else an owner first');
      expect((await patch(first.id, { is_active: false })).statusCode).toBe(409);
      expect((await patch('stf_nobody', { name: 'X' })).statusCode).toBe(404);
      const unknownKey = await patch(second.id, { nickname: 'R' });
      expect(unknownKey.statusCode).toBe(422);
      expect(unknownKey.json().errors).toEqual({ nickname: ['Unknown setting "nickname"'] });
      expect((await patch(second.id, {})).json().errors.body).toEqual(['Send at least one value to change']);

      const promoted = await patch(second.id, { role: 'owner', name: 'Ravi M.' });
      expect(promoted.json().data).toMatchObject({ role: 'owner', name: 'Ravi M.' });
      // Two owners now: either may step down, but not both at once.
      // Each steps down by their own session, at the same moment.
      const [a, b] = await Promise.all([
        patch(first.id, { role: 'manager' }),
        shop.app.inject({
          method: 'PATCH',
          url: `/api/admin/staff/${second.id}`,
          headers: secondHeaders,
          payload: { is_active: false },
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const owners = await queryRows<{ n: number }>(
        shop.database.db,
        sql`select count(*)::int as n from staff where role = 'owner' and is_active`,
      );
      expect(owners[0]!.n).toBe(1);

      // Deactivating ends the member's sessions at once.
      const third = await createStaffMember(shop.database.db, { role: 'manager' });
      const thirdHeaders = await signIn(shop, third.email);
      const ownerHeaders = a.statusCode === 200 ? secondHeaders : headers;
      const off = await shop.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${third.id}`,
        headers: ownerHeaders,
        payload: { is_active: false },
      });
      expect(off.statusCode).toBe(200);
      expect(
        (await shop.app.inject({ method: 'GET', url: '/api/admin/auth/me', headers: thirdHeaders })).statusCode,
      ).toBe(401);
      const [entry] = await shop.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `staff:${third.id}`));
      expect(entry).toMatchObject({ action: 'staff.update', before: { is_active: true }, after: { is_active: false } });
    } finally {
      await shop.close();
    }
  });
});

describe('audit mask', () => {
  it('masks password, password_hash, secret, token, *_secret and *_token at any depth, nothing else', () => {
    expect(
      maskSecrets({
        password: 'p',
        password_hash: '$argon2id$…',
        secret: 's',
        token: 't',
        webhook_secret: 'w',
        access_token: 'a',
        nested: [{ api_token: 'x', name: 'kept' }],
        tokens_used: 3,
        store_name: 'Loom & Leaf',
        mode: null,
        client_secret: null,
      }),
    ).toEqual({
      password: MASK,
      password_hash: MASK,
      secret: MASK,
      token: MASK,
      webhook_secret: MASK,
      access_token: MASK,
      nested: [{ api_token: MASK, name: 'kept' }],
      tokens_used: 3,
      store_name: 'Loom & Leaf',
      mode: null,
      client_secret: null,
    });
  });
});
