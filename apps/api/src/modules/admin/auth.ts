import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { adminMessages, messages } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/http.ts';
import { assertNotThrottled, claimAttempt, type Throttle } from '../../lib/throttle.ts';

/** Wrong or missing tokens tolerated from one client address in ADMIN_FAILURE_WINDOW_MS; then 429 for all its admin calls. */
export const ADMIN_MAX_FAILURES = 10;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

const adminTokenThrottle = (ip: string): Throttle => ({
  scope: 'admin_token',
  subject: ip,
  limit: ADMIN_MAX_FAILURES,
  windowMs: ADMIN_FAILURE_WINDOW_MS,
});

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Compares through fixed-length digests, so neither the length nor the content of the token leaks by timing. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * onRequest hook of the owner's API (/api/admin/*), authenticated by ADMIN_API_TOKEN until staff
 * accounts exist (docs/decisions/0012). No token configured: 404, as if the API did not exist.
 * A wrong token: 401, counted per client address; past ADMIN_MAX_FAILURES even the right token
 * answers 429 (with Retry-After) until the window ends, so the token cannot be guessed at speed.
 */
export function adminAuth(db: Db, token: string | undefined) {
  return async (req: FastifyRequest) => {
    if (!token) throw notFound(messages.notFound);
    const throttle = adminTokenThrottle(req.ip);
    if (!tokenMatches(req.headers.authorization, token)) {
      await claimAttempt(db, [throttle], messages.tooManyRequests);
      throw new HttpError(401, adminMessages.tokenRequired);
    }
    await assertNotThrottled(db, throttle, messages.tooManyRequests);
  };
}
