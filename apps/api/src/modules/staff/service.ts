import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  authMessages,
  staffMessages,
  type StaffAccount,
  type StaffCreateBody,
  type StaffRoleName,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { staff, staffSessions } from '../../db/schema.ts';
import { HttpError, fieldError, notFound } from '../../lib/http.ts';
import { assertNewPasswordAllowed, hashPassword, verifyPassword } from '../../lib/password.ts';
import { refundAttempt, type Throttle } from '../../lib/throttle.ts';
import type { RequestMeta } from '../auth/access-log.ts';
import { claimPasswordAttempt } from '../auth/sign-in-throttle.ts';
import { uniqueViolation } from '../auth/service.ts';
import { throttles } from '../auth/throttle.ts';
import { recordAudit, type AuditActor } from './audit.ts';
import type { StaffMember } from './session.ts';

type StaffRow = typeof staff.$inferSelect;

/**
 * Staff sign-in counters (ADR 26), ADR 14's own: the client address shares the customers' failed
 * sign-in counter (20 per 15 minutes); the e-mail has its account-wide lock and per-client back-off
 * under a `staff:` subject, so they never meet a customer's. A device the member signed in from
 * before skips the account-wide lock, as a customer's does.
 */
export const staffThrottles = {
  ip: (ip: string): Throttle => throttles.ip(ip),
  account: (email: string): Throttle => throttles.account(staffSubject(email)),
};

/** The subject of a staff e-mail's sign-in counters. */
const staffSubject = (email: string) => `staff:${email}`;

const newStaffId = () => `stf_${randomBytes(12).toString('base64url')}`;

/** The account as the owner's API shows it. */
export function toStaffAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    is_active: row.isActive,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const auditView = (a: StaffAccount) => ({ email: a.email, name: a.name, role: a.role, is_active: a.is_active });

/**
 * Adds a staff member (argon2id password, e-mail lower-cased). 409 when the e-mail is taken; 422
 * on `password` for one of the most common passwords. `actor` is who adds them (audited with it).
 */
export async function createStaff(
  db: Db,
  actor: AuditActor,
  body: Required<Pick<StaffCreateBody, 'email' | 'name' | 'password'>> & { role: StaffRoleName },
  ip: string | null,
): Promise<StaffAccount> {
  await assertNewPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ id: newStaffId(), email: body.email.toLowerCase(), name: body.name, passwordHash, role: body.role })
        .returning();
      const account = toStaffAccount(row!);
      await recordAudit(tx, {
        staff: actor,
        action: 'staff.create',
        target: `staff:${account.id}`,
        after: { ...auditView(account), password: body.password },
        ip,
      });
      return account;
    });
  } catch (err) {
    if (uniqueViolation(err) === 'staff_email_uq') throw new HttpError(409, staffMessages.emailTaken);
    throw err;
  }
}

/**
 * Checks a staff member's e-mail and password. Unknown e-mail and wrong password answer alike
 * (401, same text, a hash verified either way); each attempt is counted first (ADR 14's
 * claimPasswordAttempt: the address, the e-mail unless this device signed the member in before,
 * the e-mail from this client with a back-off; 429 with Retry-After past a limit); a success gives
 * the address its attempt back and clears the e-mail's counters. A deactivated account answers
 * 403, and only to someone who knows its password. The caller remembers the device on success.
 */
export async function signInStaff(
  db: Db,
  credentials: { email: string; password: string },
  meta: RequestMeta,
): Promise<StaffRow> {
  const email = credentials.email.toLowerCase();
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email}`);
  await claimPasswordAttempt(db, staffSubject(email), row ? { staffId: row.id } : null, meta);
  const ok = await verifyPassword(row?.passwordHash, credentials.password);
  if (!ok || !row) throw new HttpError(401, authMessages.loginFailed);
  await refundAttempt(db, staffThrottles.ip(meta.ip));
  await db.execute(
    sql`delete from throttle_counters where scope in ('account', 'client') and subject = ${staffSubject(email)}`,
  );
  if (!row.isActive) throw new HttpError(403, staffMessages.accountDisabled);
  return row;
}

/** Ends the session the request was signed in with (the token stops working at once). */
export async function signOutStaff(db: Db, sessionId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffSessions.tokenHash, sessionId), isNull(staffSessions.revokedAt)));
}

/** Every staff account, owners first, then by name. */
export async function listStaff(db: Db): Promise<StaffAccount[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.role), asc(staff.name), asc(staff.email));
  return rows.map(toStaffAccount);
}

/** The active owners, locked (a change that could leave none takes them first). */
const lockActiveOwners = namedQuery<{ id: string }>()({
  name: 'staff.lock-active-owners',
  columns: ['id'],
  example: {},
  build: () => sql`select id from staff where role = 'owner' and is_active order by id for update`,
});

/**
 * Changes a staff member's name, role or active flag. The shop keeps at least one active owner:
 * demoting or deactivating the last one answers 409. The active owners are locked first, so two
 * owners demoting each other at once cannot both succeed. A deactivated member's sessions end.
 */
export async function updateStaff(
  db: Db,
  actor: AuditActor,
  id: string,
  patch: { name?: string; role?: StaffRoleName; is_active?: boolean },
  ip: string | null,
): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx, {});
    const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!current) throw notFound(staffMessages.staffNotFound);
    const before = toStaffAccount(current);
    const role = patch.role ?? current.role;
    const isActive = patch.is_active ?? current.isActive;
    const wasActiveOwner = current.role === 'owner' && current.isActive;
    const staysActiveOwner = role === 'owner' && isActive;
    if (wasActiveOwner && !staysActiveOwner && owners.filter((o) => o.id !== id).length === 0) {
      throw new HttpError(409, staffMessages.lastOwner);
    }
    const [row] = await tx
      .update(staff)
      .set({ name: patch.name ?? current.name, role, isActive, updatedAt: sql`now()` })
      .where(eq(staff.id, id))
      .returning();
    if (!isActive) {
      await tx
        .update(staffSessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
    }
    const after = toStaffAccount(row!);
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => before[k] !== after[k]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        staff: actor,
        action: 'staff.update',
        target: `staff:${id}`,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
        ip,
      });
    }
    return after;
  });
}

/**
 * Changes the signed-in member's own password after checking the current one (422 on
 * `current_password`); every other session of theirs ends, the one in use stays.
 */
export async function changeOwnPassword(
  db: Db,
  member: StaffMember,
  body: { current_password: string; password: string },
  ip: string | null,
): Promise<void> {
  const [row] = await db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, member.id));
  if (!(await verifyPassword(row?.hash, body.current_password))) {
    throw fieldError('current_password', authMessages.currentPasswordWrong);
  }
  if (body.password === body.current_password) {
    throw fieldError('password', staffMessages.samePassword);
  }
  await assertNewPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(staff.id, member.id));
    await tx
      .update(staffSessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(staffSessions.staffId, member.id),
          ne(staffSessions.tokenHash, member.sessionId),
          isNull(staffSessions.revokedAt),
        ),
      );
    await recordAudit(tx, {
      staff: member,
      action: 'staff.password',
      target: `staff:${member.id}`,
      before: { password: body.current_password },
      after: { password: body.password },
      ip,
    });
  });
}
