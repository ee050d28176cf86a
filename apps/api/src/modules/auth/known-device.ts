import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knownDevices, staffKnownDevices } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { hashToken } from '../../lib/session.ts';

/**
 * A long-lived random cookie that names the browser, not the person: bound to each customer or
 * staff member who signs in with it, it lets them past a lock that strangers' failures put on the
 * account (ADR 14, ADR 26).
 */
export const DEVICE_COOKIE = 'sf_device';
/** A device not seen for this long is forgotten (the cookie lives as long). */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** The hash of the request's device cookie, or null when it has none (or a malformed one). */
export function deviceOf(req: Pick<FastifyRequest, 'cookies'>): string | null {
  const token = req.cookies[DEVICE_COOKIE];
  return token && TOKEN_RE.test(token) ? hashToken(token) : null;
}

/** Who a device signs in: a customer (ADR 14) or a staff member (ADR 26). One cookie serves both. */
export type DeviceOwner = { customerId: number } | { staffId: string };

const seenRecently = (column: typeof knownDevices.lastSeenAt | typeof staffKnownDevices.lastSeenAt) =>
  gt(column, sql`now() - ${DEVICE_TTL_MS} * interval '1 millisecond'`);

/** True when `device` has signed `owner` in before (within DEVICE_TTL_MS). */
export async function isKnownDevice(db: Db, device: string | null | undefined, owner: DeviceOwner): Promise<boolean> {
  if (!device) return false;
  const rows =
    'staffId' in owner
      ? await db
          .select({ seen: staffKnownDevices.lastSeenAt })
          .from(staffKnownDevices)
          .where(
            and(
              eq(staffKnownDevices.tokenHash, device),
              eq(staffKnownDevices.staffId, owner.staffId),
              seenRecently(staffKnownDevices.lastSeenAt),
            ),
          )
      : await db
          .select({ seen: knownDevices.lastSeenAt })
          .from(knownDevices)
          .where(
            and(
              eq(knownDevices.tokenHash, device),
              eq(knownDevices.customerId, owner.customerId),
              seenRecently(knownDevices.lastSeenAt),
            ),
          );
  return rows.length > 0;
}

/**
 * After a successful sign-in: binds the request's device cookie (a new one when it has none) to
 * the customer or staff member and renews the cookie. Only the token's hash is stored.
 */
export async function rememberDevice(
  db: Db,
  env: Env,
  req: FastifyRequest,
  reply: FastifyReply,
  owner: DeviceOwner,
): Promise<void> {
  const current = req.cookies[DEVICE_COOKIE];
  const token = current && TOKEN_RE.test(current) ? current : randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  if ('staffId' in owner) {
    await db
      .insert(staffKnownDevices)
      .values({ tokenHash, staffId: owner.staffId })
      .onConflictDoUpdate({
        target: [staffKnownDevices.tokenHash, staffKnownDevices.staffId],
        set: { lastSeenAt: sql`now()` },
      });
  } else {
    await db
      .insert(knownDevices)
      .values({ tokenHash, customerId: owner.customerId })
      .onConflictDoUpdate({
        target: [knownDevices.tokenHash, knownDevices.customerId],
        set: { lastSeenAt: sql`now()` },
      });
  }
  reply.setCookie(DEVICE_COOKIE, token, cookieOptions(env, req, DEVICE_TTL_MS));
}
