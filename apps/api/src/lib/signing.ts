import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signing, one way for the whole API: the order_ref cookie, tracking links, the
 * sandbox gateway's returns and webhooks, Razorpay's signatures.
 */

/** A 32-byte value (an HMAC-SHA256, a random secret) written as base64url: 43 characters. */
export const BASE64URL_32_BYTES_RE = /^[A-Za-z0-9_-]{43}$/;

/** HMAC-SHA256 of `data` under `key`, as raw bytes (a key derived from another). */
export function hmacBytes(key: string | Buffer, data: string | Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** HMAC-SHA256 of `data` under `key`, as lower-case hex (what Razorpay and the sandbox send). */
export function hmacHex(key: string | Buffer, data: string | Buffer): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

/** HMAC-SHA256 of `data` under `key`, as base64url (43 characters). */
export function hmacBase64url(key: string | Buffer, data: string | Buffer): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/**
 * Compares a signature received with the one computed, in constant time for equal lengths (a
 * different length tells nothing about the secret). Anything not a string is unequal.
 */
export function sameSignature(received: unknown, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
