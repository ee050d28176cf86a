import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knownDevices } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { hashToken } from '../../lib/session.ts';

/**
 * A long-lived random cookie that names the browser, not the person: bound to each customer who
 * signs in with it, it lets the owner past a lock that strangers' failures put on the account.
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

/** True when `device` has signed `customerId` in before (within DEVICE_TTL_MS). */
export async function isKnownDevice(db: Db, device: string | null | undefined, customerId: number): Promise<boolean> {
  if (!device) return false;
  const [row] = await db
    .select({ customerId: knownDevices.customerId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, device),
        eq(knownDevices.customerId, customerId),
        gt(knownDevices.lastSeenAt, sql`now() - ${DEVICE_TTL_MS} * interval '1 millisecond'`),
      ),
    );
  return row !== undefined;
}

/**
 * After a successful sign-in: binds the request's device cookie (a new one when it has none) to
 * the customer and renews the cookie. Only the token's hash is stored.
 */
export async function rememberDevice(
  db: Db,
  env: Env,
  req: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
): Promise<void> {
  const current = req.cookies[DEVICE_COOKIE];
  const token = current && TOKEN_RE.test(current) ? current : randomBytes(32).toString('base64url');
  await db
    .insert(knownDevices)
    .values({ tokenHash: hashToken(token), customerId })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.customerId],
      set: { lastSeenAt: sql`now()` },
    });
  reply.setCookie(DEVICE_COOKIE, token, cookieOptions(env, req, DEVICE_TTL_MS));
}
