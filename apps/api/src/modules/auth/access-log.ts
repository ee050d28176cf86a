import type { Db } from '../../db/client.ts';
import { accessLogs } from '../../db/schema.ts';

export type AccessMethod = 'password' | 'otp' | 'register' | 'reset';

/** Who is asking: recorded with every sign-in attempt. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** Hash of the device cookie (known-device.ts), when the browser has one. */
  device?: string | null;
}

/** Records one sign-in attempt, refused ones included (the security page lists them). */
export async function recordAccess(
  db: Db,
  entry: { customerId: number | null; identifier: string; method: AccessMethod; success: boolean },
  meta: RequestMeta,
): Promise<void> {
  await db.insert(accessLogs).values({
    customerId: entry.customerId,
    identifier: entry.identifier,
    method: entry.method,
    success: entry.success,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
  });
}
