import { desc } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoreState } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { storefronts } from '../../db/schema.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { hmacBase64url, hmacBytes, sameSignature } from '../../lib/signing.ts';
import type { StoreLock } from '../../lib/shop-context.ts';
import type { StaffMember } from '../staff/session.ts';

export type { StoreLock };
import { shopSecret } from '../../lib/tracking-token.ts';

/** The cookie of a visitor who gave the store password (HttpOnly, signed; see accessKey). */
export const STORE_ACCESS_COOKIE = 'sf_store_access';
/** A visitor who gave the store password keeps access this long (unless the password changes). */
export const STORE_ACCESS_MS = 30 * 24 * 60 * 60_000;

/**
 * The default storefront's lock read now, or null when no storefront is configured: for jobs and
 * the password check (a request's other reads use `req.shop()`, which a process keeps, ADR 28).
 */
export async function readStoreLock(db: Db): Promise<StoreLock | null> {
  const [row] = await db
    .select({
      storefrontId: storefronts.id,
      mode: storefronts.mode,
      passwordProtected: storefronts.isPasswordProtectionEnabled,
      passwordHash: storefronts.passwordHash,
    })
    .from(storefronts)
    .orderBy(desc(storefronts.isDefault))
    .limit(1);
  return row ? { ...row, mode: row.mode ?? null } : null;
}

/** The request's lock, read with its shop context (one query for both); null without a storefront. */
export const requestStoreLock = (req: FastifyRequest): Promise<StoreLock | null> =>
  req.shop().then(
    (shop) => shop.lock,
    () => null,
  );

/** True when the lock closes the shop for someone (before access cookies and staff are looked at). */
export const isLocked = (lock: StoreLock | null): lock is StoreLock =>
  lock !== null && (lock.passwordProtected || lock.mode !== null);

/**
 * The key that signs access cookies: derived from the shop's secret AND the current password
 * hash, so a new password (a new hash, new salt) turns every cookie handed out before into noise.
 */
async function accessKey(db: Db, lock: StoreLock): Promise<Buffer> {
  return hmacBytes(await shopSecret(db), `store-access-key:${lock.storefrontId}:${lock.passwordHash ?? ''}`);
}

const payloadOf = (lock: StoreLock, expiresS: number) => `store-access:${lock.storefrontId}:${expiresS}`;

/** `v1.{expiry in epoch seconds}.{signature}`. */
async function accessToken(db: Db, lock: StoreLock, expiresS: number): Promise<string> {
  return `v1.${expiresS}.${hmacBase64url(await accessKey(db, lock), payloadOf(lock, expiresS))}`;
}

/** True when the request carries an unexpired access cookie signed under the current password. */
export async function hasStoreAccess(db: Db, lock: StoreLock, cookie: string | undefined): Promise<boolean> {
  if (!lock.passwordHash || !cookie) return false;
  const m = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
  if (!m) return false;
  const expiresS = Number(m[1]);
  if (expiresS * 1000 <= Date.now()) return false;
  return sameSignature(m[2], hmacBase64url(await accessKey(db, lock), payloadOf(lock, expiresS)));
}

/** Sets the access cookie on the reply (after the store password was given). */
export async function grantStoreAccess(db: Db, lock: StoreLock, req: FastifyRequest, reply: FastifyReply) {
  const expiresS = Math.floor((Date.now() + STORE_ACCESS_MS) / 1000);
  reply.setCookie(
    STORE_ACCESS_COOKIE,
    await accessToken(db, lock, expiresS),
    cookieOptions(req.server.env, req, STORE_ACCESS_MS),
  );
}

/**
 * Spec section 4: with password protection on, an unverified visitor gets the password page;
 * once verified (or with protection off) the mode decides. Staff are not considered here.
 */
export async function lockedStateFor(db: Db, lock: StoreLock | null, cookie: string | undefined): Promise<StoreState> {
  if (!isLocked(lock)) return 'open';
  if (lock.passwordProtected && !(await hasStoreAccess(db, lock, cookie))) return 'password';
  if (lock.mode === 'Coming Soon') return 'coming-soon';
  if (lock.mode === 'Under Maintenance') return 'maintenance';
  return 'open';
}

export interface VisitorAccess {
  state: StoreState;
  /** What the shop is for a shopper with this request's access cookie, staff or not (the staff bar shows it). */
  shopperState: StoreState;
  lock: StoreLock | null;
  /** Looked up only when asked for, or when the shop is closed (staff see the open shop). */
  staff: StaffMember | null;
}

/**
 * What the shop is for this request's visitor: its lock, the access cookie, and a signed-in
 * staff member (bearer or `sf_staff` cookie), who always sees the open shop. An open shop costs
 * one query; the staff lookup runs only when the shop is closed or `withStaff` asks for it.
 */
export async function visitorAccess(req: FastifyRequest, opts: { withStaff?: boolean } = {}): Promise<VisitorAccess> {
  const db = req.server.db;
  const lock = await requestStoreLock(req);
  const locked = await lockedStateFor(db, lock, req.cookies[STORE_ACCESS_COOKIE]);
  const staff = locked !== 'open' || opts.withStaff ? await req.getStaff() : null;
  return { state: staff ? 'open' : locked, shopperState: locked, lock, staff };
}
