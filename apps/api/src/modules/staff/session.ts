import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { staff, staffSessions, type StaffRole } from '../../db/schema.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { hashToken } from '../../lib/session.ts';

/** The browser session cookie of a signed-in staff member (ADR 26); HttpOnly, never read by scripts. */
export const STAFF_COOKIE = 'sf_staff';
/** Staff tokens (cookie or bearer) are 32 random bytes, base64url, with this prefix. */
export const STAFF_TOKEN_RE = /^sfs_[A-Za-z0-9_-]{43}$/;

/** A browser session lasts a working day; a bearer token (CLI, scripts) 30 days. Neither is extended by use. */
export const STAFF_SESSION_MS = { cookie: 12 * 60 * 60_000, bearer: 30 * 24 * 60 * 60_000 } as const;

/** A signed-in staff member as a request sees them. */
export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The session row's id (the token's hash): sign-out revokes this one. */
  sessionId: string;
  via: 'cookie' | 'bearer';
}

const kStaff = Symbol('shopfront.staff');

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of the request's bearer token or `sf_staff` cookie; one query, on first use. */
    getStaff(): Promise<StaffMember | null>;
    [kStaff]: Promise<StaffMember | null> | null;
  }
}

/** `Authorization: Bearer sfs_…` wins over the cookie: a script's token is never mistaken for a browser. */
function presentedToken(req: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const bearer = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
  if (bearer !== undefined) return STAFF_TOKEN_RE.test(bearer) ? { token: bearer, via: 'bearer' } : null;
  const cookie = req.cookies[STAFF_COOKIE];
  return cookie && STAFF_TOKEN_RE.test(cookie) ? { token: cookie, via: 'cookie' } : null;
}

/** The active staff member holding an unexpired, unrevoked session of the given token, or null. */
export async function findStaffSession(db: Db, token: string, via: 'cookie' | 'bearer'): Promise<StaffMember | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, id),
        eq(staffSessions.kind, via),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staffSessions.revokedAt),
        eq(staff.isActive, true),
      ),
    );
  return row ? { ...row, sessionId: id, via } : null;
}

/** Decorates every request with getStaff() (lazy: a request that never asks does no query). */
export const staffSessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(kStaff, null);
    app.decorateRequest('getStaff', function (this: FastifyRequest) {
      if (this[kStaff] === null) {
        const presented = presentedToken(this);
        this[kStaff] = presented ? findStaffSession(app.db, presented.token, presented.via) : Promise.resolve(null);
      }
      return this[kStaff];
    });
  },
  { name: 'shopfront-staff-session', dependencies: ['@fastify/cookie'] },
);

/**
 * Starts a session for a staff member: a `cookie` one sets `sf_staff` on the reply; a `bearer`
 * one only answers its token (shown once; only its hash is kept).
 */
export async function startStaffSession(
  db: Db,
  staffId: string,
  kind: 'cookie' | 'bearer',
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `sfs_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + STAFF_SESSION_MS[kind]);
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId,
    kind,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
    expiresAt,
  });
  await db
    .update(staff)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(staff.id, staffId));
  if (kind === 'cookie')
    reply.setCookie(STAFF_COOKIE, token, cookieOptions(req.server.env, req, STAFF_SESSION_MS.cookie));
  return { token, expiresAt };
}
