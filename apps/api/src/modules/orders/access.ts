import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { cookieOptions } from '../../lib/cookies.ts';
import { BASE64URL_32_BYTES_RE, hmacBase64url, sameSignature } from '../../lib/signing.ts';
import { shopSecret } from '../../lib/tracking-token.ts';

/**
 * Who may reach which order. A customer reaches the orders placed on their account; a guest
 * (customer_id null) order is reached only from the browser that placed it, through the
 * `order_ref` cookie that place-order sets: HttpOnly, holding the order id and the time it was
 * issued, signed with the shop's secret (an order id seen in a URL is not enough to forge it, and
 * a value copied from the browser stops working ORDER_REF_MAX_AGE_MS after it was issued, as the
 * cookie itself does). Anyone else's order is 404, never 403: its existence is not told.
 */
export interface OrderAccess {
  customerId: number | null;
  /** The guest order of this browser's order_ref cookie (signature checked), if any. */
  guestOrderId: string | null;
}

export const ORDER_REF_COOKIE = 'order_ref';
/** How long a guest can come back to their order from the same browser. */
export const ORDER_REF_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** A value issued this far ahead of this process's clock (another process's clock runs ahead) still counts. */
const CLOCK_SKEW_MS = 5 * 60_000;

const ORDER_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const ISSUED_AT_RE = /^\d{1,15}$/;

const sign = (secret: Buffer, orderId: string, issuedAt: string) =>
  hmacBase64url(secret, `order-ref:${orderId}:${issuedAt}`);

/**
 * The order_ref cookie's value for `orderId`: `<order id>.<issued at, ms since the epoch>.<signature>`,
 * the signature covering both.
 */
export async function orderRefValue(db: Db, orderId: string, issuedAt: number = Date.now()): Promise<string> {
  const issued = String(Math.floor(issuedAt));
  return `${orderId}.${issued}.${sign(await shopSecret(db), orderId, issued)}`;
}

/**
 * The order id of an order_ref value whose signature holds and that was issued less than
 * ORDER_REF_MAX_AGE_MS ago, else null.
 */
export async function verifyOrderRef(
  db: Db,
  value: string | undefined,
  now: number = Date.now(),
): Promise<string | null> {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [orderId, issued, sig] = parts as [string, string, string];
  if (!ORDER_ID_RE.test(orderId) || !ISSUED_AT_RE.test(issued) || !BASE64URL_32_BYTES_RE.test(sig)) return null;
  const issuedAt = Number(issued);
  if (now - issuedAt > ORDER_REF_MAX_AGE_MS || issuedAt - now > CLOCK_SKEW_MS) return null;
  return sameSignature(sig, sign(await shopSecret(db), orderId, issued)) ? orderId : null;
}

/**
 * Remembers a guest's order in this browser (place-order calls it for a guest order). A later
 * guest order replaces the earlier one: the cookie holds one order.
 */
export async function setOrderRefCookie(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  orderId: string,
): Promise<void> {
  reply.setCookie(ORDER_REF_COOKIE, await orderRefValue(app.db, orderId), {
    ...cookieOptions(app.env, req, ORDER_REF_MAX_AGE_MS),
  });
}

/** The orders the request may reach (reads the session and the order_ref cookie). */
export async function orderAccess(req: FastifyRequest): Promise<OrderAccess> {
  const [customer, guestOrderId] = await Promise.all([
    req.getCustomer(),
    verifyOrderRef(req.server.db, req.cookies[ORDER_REF_COOKIE]),
  ]);
  return { customerId: customer?.id ?? null, guestOrderId };
}

/**
 * The SQL condition "this order row may be reached by `access`". `alias` names the orders table
 * in the statement (default `orders`). Matches nothing when the request has neither a customer
 * nor a guest order.
 */
export function orderAccessSql(access: OrderAccess, alias = 'orders'): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`orderAccessSql: bad alias ${alias}`);
  const t = sql.raw(alias);
  const parts: SQL[] = [];
  if (access.customerId !== null) parts.push(sql`${t}.customer_id = ${access.customerId}`);
  if (access.guestOrderId !== null) parts.push(sql`(${t}.id = ${access.guestOrderId} and ${t}.customer_id is null)`);
  if (parts.length === 0) return sql`false`;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** The order `orderId` when `access` may reach it. */
const reachableOrder = namedQuery<{ id: string }>()({
  name: 'orders.access.reachable',
  columns: ['id'],
  example: { orderId: 'o_example', access: { customerId: 1, guestOrderId: 'o_example' } as OrderAccess },
  build: (p: { orderId: string; access: OrderAccess }) =>
    sql`select id from orders where id = ${p.orderId} and ${orderAccessSql(p.access)}`,
});

/** Whether `orderId` may be reached by `access` (one indexed lookup). */
export async function canReachOrder(db: Db, access: OrderAccess, orderId: string): Promise<boolean> {
  if (access.customerId === null && access.guestOrderId === null) return false;
  const rows = await reachableOrder(db, { orderId, access });
  return rows.length > 0;
}
