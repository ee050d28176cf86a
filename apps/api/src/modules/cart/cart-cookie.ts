import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_CART_COOKIE, CART_SESSION_COOKIE } from '@shopfront/shared';
import { cookieOptions } from '../../lib/cookies.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { hashToken } from '../../lib/session.ts';

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60_000;

/** The request's cart owner (reads the session: the answer is personal). */
export async function cartOwnerOf(req: FastifyRequest): Promise<CartOwner> {
  const customer = await req.getCustomer();
  return { customerId: customer?.id ?? null, tokenHash: guestTokenHash(req) };
}

/** sha-256 of the request's cart_session cookie, if it has a well-formed one. */
export function guestTokenHash(req: FastifyRequest): string | null {
  const token = req.cookies[CART_SESSION_COOKIE];
  return token && TOKEN_RE.test(token) ? hashToken(token) : null;
}

/** A new guest cart secret and its hash (only the hash is stored). */
export function newCartToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * Sets the cart cookies: the secret (HttpOnly, SameSite=Lax) for a guest cart, and the readable
 * `api_cart` flag that tells pages there is a cart to show. Both live as long as a guest cart.
 */
export function setCartCookies(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  expireDays: number,
  token: string | null,
): void {
  const opts = cookieOptions(app.env, req, expireDays * DAY_MS);
  if (token) reply.setCookie(CART_SESSION_COOKIE, token, opts);
  reply.setCookie(API_CART_COOKIE, '1', { ...opts, httpOnly: false });
}

/** Forgets the guest cart in this browser (logout; a login that merged it into the customer's cart). */
export function clearCartCookies(reply: FastifyReply, keepFlag = false): void {
  reply.clearCookie(CART_SESSION_COOKIE, { path: '/' });
  if (!keepFlag) reply.clearCookie(API_CART_COOKIE, { path: '/' });
}
