import type { FastifyRequest } from 'fastify';
import { messages, staffMessages } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http.ts';
import { claimAttempt, type Throttle } from '../../lib/throttle.ts';
import { STAFF_COOKIE, type StaffMember } from '../staff/session.ts';

/** Wrong staff tokens tolerated from one client address in ADMIN_FAILURE_WINDOW_MS; then 429 for all its admin calls. */
export const ADMIN_MAX_FAILURES = 10;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

const adminTokenThrottle = (ip: string): Throttle => ({
  scope: 'admin_token',
  subject: ip,
  limit: ADMIN_MAX_FAILURES,
  windowMs: ADMIN_FAILURE_WINDOW_MS,
});

/** The request carries a staff credential of some kind (a bearer token or the staff cookie), valid or not. */
const presentsCredential = (req: FastifyRequest) =>
  Boolean(req.headers.authorization) || req.cookies[STAFF_COOKIE] !== undefined;

/**
 * onRequest hook of the owner's API (/api/admin/*, ADR 26): the request must come from a signed-in,
 * active staff member (`Authorization: Bearer sfs_…` or the `sf_staff` cookie), else 401. A token
 * or cookie that is wrong, expired or revoked is counted per client address; past
 * ADMIN_MAX_FAILURES every wrong one from that address answers 429 (with Retry-After) until the
 * window ends, so tokens cannot be guessed at speed. A live session is never refused for what
 * others sent: colleagues behind the same address (an office, a NAT) keep working while a stale
 * script or a stranger there is held. A request with no credential at all (a panel asking whether
 * it is signed in) is not counted.
 */
export function staffAuth(db: Db) {
  return async (req: FastifyRequest) => {
    if (await req.getStaff()) return;
    if (presentsCredential(req)) {
      await claimAttempt(db, [adminTokenThrottle(req.ip)], messages.tooManyRequests);
    }
    throw new HttpError(401, staffMessages.signInRequired);
  };
}

/** The signed-in staff member of a request that passed `staffAuth`. */
export async function requireStaff(req: FastifyRequest): Promise<StaffMember> {
  const member = await req.getStaff();
  if (!member) throw new HttpError(401, staffMessages.signInRequired);
  return member;
}
