import { hmacBase64url } from '../../lib/signing.ts';
import type { Db } from '../../db/client.ts';
import { hashTrackingToken, shopSecret } from '../../lib/tracking-token.ts';

/**
 * An application's tracking link (/track-application/{token}), made as the orders' are
 * (lib/tracking-token.ts): HMAC of the id under the shop's secret, only its sha-256 stored, so every
 * message can carry the link again and the table alone gives none away.
 */
export async function applicationToken(db: Db, applicationId: string): Promise<string> {
  return applicationTokenWith(await shopSecret(db), applicationId);
}

/** The same token under a secret the caller read already. */
export const applicationTokenWith = (secret: Buffer, applicationId: string): string =>
  hmacBase64url(secret, `track-application:${applicationId}`);

export async function applicationTokenHash(db: Db, applicationId: string): Promise<string> {
  return hashTrackingToken(await applicationToken(db, applicationId));
}

export const applicationTrackingPath = (token: string) => `/track-application/${token}`;
