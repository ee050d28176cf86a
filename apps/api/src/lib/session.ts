import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE, SIGNED_IN_COOKIE, authMessages, type User } from '@shopfront/shared';
import { queryRows, type Db } from '../db/client.ts';
import { customers, sessions } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { cookieOptions } from './cookies.ts';
import { HttpError } from './http.ts';

export type Customer = typeof customers.$inferSelect;

/** A session as a request sees it: the row's id (the token's hash) and its customer. */
export interface CurrentSession {
  id: string;
  remember: boolean;
  expiresAt: Date;
  customer: Customer;
}

/** Remember me: a persistent cookie, kept alive while the customer comes back (sliding). */
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60_000;
/** Without remember me: a browser-session cookie, and the server forgets it after 12 hours at most. */
export const SESSION_BROWSER_MS = 12 * 60 * 60_000;
/**
 * No session outlives this, however often it is used: a stolen cookie cannot be kept alive for
 * ever by touching it (ADR 0011).
 */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60_000;
/** A session's last_seen_at (and a remembered one's expiry) is written at most this often. */
const TOUCH_EVERY_MS = 60 * 60_000;
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

const kLoad = Symbol('shopfront.session.load');
const kReply = Symbol('shopfront.session.reply');
const kPersonal = Symbol('shopfront.session.personal');

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the request's cookie; read from the database once, on the first call. */
    getSession(): Promise<CurrentSession | null>;
    /** The logged-in customer, or null for a guest (same single lookup as getSession). */
    getCustomer(): Promise<Customer | null>;
    [kLoad]: Promise<CurrentSession | null> | null;
    [kReply]: FastifyReply | null;
    /** The answer depends on who is asking: it must never be stored by a shared cache. */
    [kPersonal]: boolean;
  }
}

/**
 * The customer as the API answers it (login's data.user, initial-values' account). `phone`: the
 * number as the shopper types it (lib/shop-country.ts nationalPhone: a number of another country
 * than the home one is stored with its calling code, shown without).
 */
export function toUser(c: Customer, phone: string | null = c.phone): User {
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone,
    phone_verified_at: c.phoneVerifiedAt?.toISOString() ?? null,
    email_verified_at: c.emailVerifiedAt?.toISOString() ?? null,
  };
}

/**
 * Sets the session cookie and, beside it with the same lifetime, the readable flag that tells a
 * shared page (ADR 31) to load the account after hydration. `maxAgeMs` null: a browser session.
 */
function setSessionCookies(
  env: Env,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeMs: number | null,
): void {
  const options = cookieOptions(env, req, maxAgeMs);
  reply.setCookie(SESSION_COOKIE, token, options);
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...options, httpOnly: false });
}

function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

/** sha256 hex: the only form of a session or reset token that reaches the database. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function loadSession(
  db: Db,
  env: Env,
  req: FastifyRequest,
  reply: FastifyReply | null,
): Promise<CurrentSession | null> {
  const token = req.cookies[SESSION_COOKIE];
  if (!token || !TOKEN_RE.test(token)) {
    // The flag outlived its session cookie (a browser session ended): take it away too.
    if (reply && req.cookies[SIGNED_IN_COOKIE] !== undefined) clearSessionCookies(reply);
    return null;
  }
  const id = hashToken(token);
  const [row] = await db
    .select({ session: sessions, customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(eq(sessions.id, id));
  if (!row) {
    if (reply) clearSessionCookies(reply);
    return null;
  }
  const { session, customer } = row;
  // Blocking ends the sessions at once; this keeps one that raced the block out too.
  if (customer.blockedAt) {
    if (reply) clearSessionCookies(reply);
    return null;
  }
  const now = Date.now();
  const deadline = session.createdAt.getTime() + SESSION_ABSOLUTE_MS;
  if (session.expiresAt.getTime() <= now || deadline <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    if (reply) clearSessionCookies(reply);
    return null;
  }
  let expiresAt = session.expiresAt;
  if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    // Sliding expiry for remembered sessions, never past the absolute deadline; a browser-session
    // one keeps its 12-hour ceiling.
    if (session.remember) expiresAt = new Date(Math.min(now + SESSION_REMEMBER_MS, deadline));
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt })
      .where(eq(sessions.id, id));
    if (session.remember && reply) setSessionCookies(env, req, reply, token, expiresAt.getTime() - now);
  } else if (reply && req.cookies[SIGNED_IN_COOKIE] === undefined) {
    // A session from before the flag existed (or a browser that lost it): give it one. Its pages
    // are rendered for it until then (ssr/page-cache.ts), and the shell reads the session.
    setSessionCookies(env, req, reply, token, session.remember ? expiresAt.getTime() - now : null);
  }
  return { id, remember: session.remember, expiresAt, customer };
}

/**
 * Reads the `sf_session` cookie into `req.getSession()` / `req.getCustomer()`. Lazy: a request
 * that never asks does no query; one that asks twice does one.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest(kLoad, null);
    app.decorateRequest(kReply, null);
    app.decorateRequest(kPersonal, false);
    app.decorateRequest('getSession', function (this: FastifyRequest) {
      this[kPersonal] = true;
      this[kLoad] ??= loadSession(app.db, app.env, this, this[kReply]);
      return this[kLoad];
    });
    app.decorateRequest('getCustomer', async function (this: FastifyRequest) {
      return (await this.getSession())?.customer ?? null;
    });
    app.addHook('onRequest', async (req, reply) => {
      req[kReply] = reply;
    });
    // One place for every answer that read the session (account, addresses, wishlist, cart, the
    // account part of initial-values, login itself): a browser or proxy must not keep a copy that
    // the next person at the same machine, or behind the same proxy, would be shown.
    app.addHook('onSend', async (req, reply) => {
      if (req[kPersonal]) reply.header('cache-control', 'private, no-store');
    });
  },
  { name: 'shopfront-session', dependencies: ['@fastify/cookie'] },
);

/** The request's session, or 401 with the "log in" message (or `message`). */
export async function requireSession(
  req: FastifyRequest,
  message: string = authMessages.loginRequired,
): Promise<CurrentSession> {
  const session = await req.getSession();
  if (!session) throw new HttpError(401, message);
  return session;
}

/** The logged-in customer, or 401 with the spec's "log in" message (or `message`). */
export async function requireCustomer(
  req: FastifyRequest,
  message: string = authMessages.loginRequired,
): Promise<Customer> {
  const customer = await req.getCustomer();
  if (!customer) throw new HttpError(401, message);
  return customer;
}

/**
 * Signs `customerId` in: deletes the request's current session (rotation, so a token planted
 * before login is worthless after it), stores a new one and sets its cookie.
 */
export async function startSession(
  db: Db,
  env: Env,
  req: FastifyRequest,
  reply: FastifyReply,
  customerId: number,
  remember: boolean,
): Promise<void> {
  const previous = req.cookies[SESSION_COOKIE];
  if (previous && TOKEN_RE.test(previous)) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
  const token = randomBytes(32).toString('base64url');
  const ttl = remember ? SESSION_REMEMBER_MS : SESSION_BROWSER_MS;
  // Only for a customer the shop has not blocked. FOR SHARE waits for a block being written and
  // then sees it, and a block waits for this insert, whose session it then ends: no session
  // outlives a block.
  const started = await queryRows(
    db,
    sql`insert into sessions (id, customer_id, remember, expires_at, ip, user_agent)
        select ${hashToken(token)}, c.id, ${remember}, ${new Date(Date.now() + ttl).toISOString()}::timestamptz,
               ${req.ip ?? null}, ${req.headers['user-agent']?.slice(0, 500) ?? null}
        from customers c where c.id = ${customerId} and c.blocked_at is null
        for share
        returning id`,
  );
  if (started.length === 0) throw new HttpError(403, authMessages.accountBlocked);
  setSessionCookies(env, req, reply, token, remember ? ttl : null);
  req[kLoad] = null;
  req[kPersonal] = true;
}

/** Signs the request out: deletes its session row and clears the cookie. */
export async function endSession(db: Db, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token && TOKEN_RE.test(token)) await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  clearSessionCookies(reply);
  req[kLoad] = Promise.resolve(null);
  req[kPersonal] = true;
}

/** Deletes every session of a customer except `keepId` (password or sign-in identifier changed, reset). */
export async function endOtherSessions(db: Db, customerId: number, keepId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepId ? and(eq(sessions.customerId, customerId), ne(sessions.id, keepId)) : eq(sessions.customerId, customerId),
    );
}
