import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type StaffRoleName } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';
import type { TestApp } from '../../test/app.ts';
import { STAFF_COOKIE } from './session.ts';

/** Password of every staff member made by createStaffMember. */
export const STAFF_TEST_PASSWORD = 'Correct-Horse-Staple-42';

let n = 0;
let hashed: Promise<string> | null = null;

/** Inserts an active staff member (unique e-mail, password STAFF_TEST_PASSWORD). */
export async function createStaffMember(
  db: Db,
  opts: { role?: StaffRoleName; email?: string; name?: string; isActive?: boolean } = {},
) {
  hashed ??= hashPassword(STAFF_TEST_PASSWORD);
  const [row] = await db
    .insert(staff)
    .values({
      id: `stf_test_${randomBytes(6).toString('hex')}`,
      email: (opts.email ?? `staff${++n}.${randomBytes(3).toString('hex')}@shop.test`).toLowerCase(),
      name: opts.name ?? 'Test Staff',
      role: opts.role ?? 'owner',
      isActive: opts.isActive ?? true,
      passwordHash: await hashed,
    })
    .returning();
  return row!;
}

/** Signs in through the API; answers the bearer headers (or the cookie headers for a cookie session). */
export async function signIn(
  t: TestApp,
  email: string,
  opts: { session?: 'bearer' | 'cookie'; password?: string; ip?: string } = {},
): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password: opts.password ?? STAFF_TEST_PASSWORD, session: opts.session ?? 'bearer' },
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  if (opts.session === 'cookie') {
    const cookie = res.cookies.find((c) => c.name === STAFF_COOKIE)!;
    return { cookie: `${STAFF_COOKIE}=${cookie.value}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
  }
  return { authorization: `Bearer ${res.json().data.token}` };
}

/** A new owner, signed in with a bearer token. */
export async function signedInOwner(t: TestApp, role: StaffRoleName = 'owner') {
  const member = await createStaffMember(t.database.db, { role });
  return { member, headers: await signIn(t, member.email) };
}
