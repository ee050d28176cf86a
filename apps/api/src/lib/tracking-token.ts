import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';
import { hashToken } from './session.ts';
import { BASE64URL_32_BYTES_RE, hmacBase64url } from './signing.ts';

/**
 * Tracking links (/track-order/{token}). Only the token's sha-256 is stored
 * (orders.tracking_token_hash), yet every message about an order (confirmation, shipped, …) must
 * carry the link again. So the token is not random but derived: HMAC-SHA256 of the order id under
 * the shop's own secret. Whoever holds the secret (the server, any of its processes, any job) can
 * rebuild an order's link; whoever reads the orders table alone cannot.
 *
 * The secret is the `shop_secret` store setting (32 random bytes, base64url), created on first use
 * with an insert that loses gracefully to a concurrent one, so all processes sharing a database
 * agree on it. It is not a public setting: /api/settings/get answers only the keys of
 * StoreSettingsSchema.
 */
export const SHOP_SECRET_KEY = 'shop_secret';

const storedSecret = namedQuery<{ value: unknown }>()({
  name: 'tracking-token.secret',
  columns: ['value'],
  example: {},
  build: () => sql`select value from store_settings where key = ${SHOP_SECRET_KEY}`,
});

// One read per database handle (the app's db); a transaction handle reads it again (one row by key).
const cache = new WeakMap<object, Promise<Buffer>>();

async function readSecret(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  await queryRows(
    db,
    sql`insert into store_settings (key, value) values (${SHOP_SECRET_KEY}, to_jsonb(${fresh}::text))
        on conflict (key) do nothing`,
  );
  const [row] = await storedSecret(db, {});
  const value = row?.value;
  if (typeof value !== 'string' || !BASE64URL_32_BYTES_RE.test(value)) {
    throw new Error(`store setting ${SHOP_SECRET_KEY} is not a 43-character base64url secret`);
  }
  return Buffer.from(value, 'base64url');
}

/** The shop's signing secret (created on first use). */
export function shopSecret(db: Db): Promise<Buffer> {
  let secret = cache.get(db);
  if (!secret) {
    secret = readSecret(db);
    cache.set(db, secret);
    // A failed read is not remembered: the next call tries again.
    secret.catch(() => cache.delete(db));
  }
  return secret;
}

/** sha-256 (hex) of a tracking token: what orders.tracking_token_hash holds. */
export const hashTrackingToken = (token: string): string => hashToken(token);

/** The token of an order's tracking link under `secret` (pure; see trackingTokenFor). */
export function deriveTrackingToken(secret: Buffer, orderId: string): string {
  return hmacBase64url(secret, `track-order:${orderId}`);
}

/** The secret of the order's tracking link (/track-order/{token}). */
export async function trackingTokenFor(db: Db, orderId: string): Promise<string> {
  return deriveTrackingToken(await shopSecret(db), orderId);
}

/** What place-order stores in orders.tracking_token_hash for `orderId`. */
export async function trackingHashFor(db: Db, orderId: string): Promise<string> {
  return hashTrackingToken(await trackingTokenFor(db, orderId));
}

/** The tracking page of an order reached through its link's secret. */
export async function trackingLinkPath(db: Db, orderId: string): Promise<string> {
  return `/track-order/${await trackingTokenFor(db, orderId)}`;
}
