import { createHmac, timingSafeEqual } from 'node:crypto';

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
