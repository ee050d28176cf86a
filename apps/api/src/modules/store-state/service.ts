import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { storeStateMessages, type StoreState } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { StaffRole } from '../../db/schema.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { hashToken } from '../../lib/session.ts';
import type { Throttle } from '../../lib/throttle.ts';
import type { Env } from '../../env.ts';
import type { NewMessage } from '../notifications/service.ts';
import { getStoreSettings } from '../settings/service.ts';
import { isLocked, readStoreLock, type StoreLock } from './access.ts';

/** Store-password attempts one client address may make in a window (then 429 with Retry-After). */
export const STORE_PASSWORD_LIMIT = { limit: 10, windowMs: 15 * 60_000 } as const;

/** The per-address counter of store-password attempts (its own subject, apart from sign-in's). */
export const storePasswordThrottle = (ip: string): Throttle => ({
  scope: 'ip',
  subject: `store-password:${ip}`,
  ...STORE_PASSWORD_LIMIT,
});

/** Where a visitor who just gave the right password stands: the mode's page, or the open shop. */
export function stateAfterPassword(lock: StoreLock): StoreState {
  if (lock.mode === 'Coming Soon') return 'coming-soon';
  if (lock.mode === 'Under Maintenance') return 'maintenance';
  return 'open';
}

/**
 * Adds a visitor to the "tell me when you open" list. A repeat is a success and adds no row; an
 * address told about an earlier opening is put back on the list for the next one.
 */
export async function subscribeToMode(
  db: Db,
  input: { email: string; mode: NonNullable<StoreLock['mode']>; ip: string | null },
): Promise<void> {
  await db.execute(
    sql`insert into mode_subscribers (email, mode, ip) values (${input.email}, ${input.mode}, ${input.ip})
        on conflict ((lower(email))) do update set mode = excluded.mode, notified_at = null
        where mode_subscribers.notified_at is not null`,
  );
}

/** Subscribers told per transaction by one run of the notify job. */
const NOTIFY_BATCH = 100;

/** The e-mail that tells a subscriber the shop is open. */
export function openedMessage(email: string, storeName: string, origin: string | null): NewMessage {
  const visit = origin ? `Visit us at ${origin}/` : 'Come and have a look.';
  return {
    channel: 'email',
    recipient: email,
    subject: storeStateMessages.notifySubject(storeName),
    body: `Good news: ${storeName} is open. ${visit}\n\nYou asked us to tell you once; we will not write again about it.`,
  };
}

/** A batch of subscribers not told yet, locked (others skip them). */
const untoldSubscribers = namedQuery<{ id: number; email: string }>()({
  name: 'store-state.untold-subscribers',
  columns: ['id', 'email'],
  example: {},
  build: () =>
    sql`select id, email from mode_subscribers where notified_at is null
        order by id limit ${NOTIFY_BATCH} for update skip locked`,
});

/**
 * When the shop is open again (no mode, no password), queues one e-mail through the outbox to
 * every subscriber not told yet and marks them told, in the same transaction per batch: a run
 * repeated, or two processes at once (SKIP LOCKED), never tells anyone twice. Answers how many.
 */
export async function notifyModeSubscribers(
  db: Db,
  env: Pick<Env, 'PUBLIC_URL' | 'NODE_ENV' | 'PORT'>,
  enqueue: (tx: Db, msg: NewMessage) => Promise<void>,
): Promise<number> {
  if (isLocked(await readStoreLock(db))) return 0;
  const settings = await getStoreSettings(db, ['store_name', 'store_url']);
  const storeName = settings.store_name || 'Our shop';
  const origin = backgroundLinkOrigin(env, settings.store_url);
  let told = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await untoldSubscribers(tx, {});
      for (const row of rows) await enqueue(tx, openedMessage(row.email, storeName, origin));
      if (rows.length) {
        await tx.execute(
          sql`update mode_subscribers set notified_at = now()
              where id in (${sql.join(
                rows.map((r) => sql`${r.id}`),
                sql`, `,
              )})`,
        );
      }
      return rows.length;
    });
    told += n;
    if (n < NOTIFY_BATCH) return told;
  }
}

/** An Admin Panel link is good for this long, once. */
export const ADMIN_LINK_TTL_MS = 10 * 60_000;

/**
 * Mints the token of an Admin Panel link for a signed-in staff member (only its sha-256 is kept).
 * Asked for only when the member clicks the Admin Panel button (POST /api/admin/auth/link-token),
 * never per page; spent and expired tokens are removed by the retention sweep.
 */
export async function mintAdminLinkToken(db: Db, staffId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = `sfa_${randomBytes(32).toString('base64url')}`;
  const [row] = await insertLinkToken(db, { tokenHash: hashToken(token), staffId });
  return { token, expiresAt: new Date(row!.expires_at) };
}

/** The Admin Panel link of spec section 2. */
export const adminLinkPath = (token: string) => `/admin/login?token=${encodeURIComponent(token)}`;

export interface LinkStaff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

const insertLinkToken = namedQuery<{ expires_at: Date | string }>()({
  name: 'store-state.admin-link.insert',
  columns: ['expires_at'],
  example: { tokenHash: 'h', staffId: 'stf_example' },
  build: (p: { tokenHash: string; staffId: string }) =>
    sql`insert into admin_link_tokens (token_hash, staff_id, expires_at)
        values (${p.tokenHash}, ${p.staffId}, now() + ${ADMIN_LINK_TTL_MS}::float8 * interval '1 millisecond')
        returning expires_at`,
});

/** The token used (once, unexpired, its staff member active): who it signs in. */
const useLinkToken = namedQuery<LinkStaff>()({
  name: 'store-state.admin-link.use',
  columns: ['id', 'email', 'name', 'role'],
  example: { tokenHash: 'h' },
  build: ({ tokenHash }: { tokenHash: string }) =>
    sql`update admin_link_tokens t set used_at = now()
        from staff s
        where t.token_hash = ${tokenHash} and t.used_at is null and t.expires_at > now()
          and s.id = t.staff_id and s.is_active
        returning s.id, s.email, s.name, s.role`,
});

/**
 * Spends an Admin Panel link's token: one conditional update, so of two concurrent uses exactly
 * one wins. Answers its active staff member, or null (unknown, used, expired, or deactivated).
 */
export async function consumeAdminLinkToken(db: Db, token: string): Promise<LinkStaff | null> {
  if (!/^sfa_[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await useLinkToken(db, { tokenHash: hashToken(token) });
  return row ?? null;
}
