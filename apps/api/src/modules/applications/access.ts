import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { BASE64URL_32_BYTES_RE } from '../../lib/signing.ts';
import { hashTrackingToken } from '../../lib/tracking-token.ts';

/**
 * Who reaches an application from the shop: the signed-in customer it belongs to (by its id or
 * number), or anyone holding its tracking link's token. Staff reach every one through the owner's
 * routes. Anything else is null, answered 404: its existence is not told.
 */
export interface ApplicationRef {
  id: string;
  /** How the requester named it: kept in the links the answer gives (document downloads). */
  ref: string;
}

/** An application number as typed (ap-100001, AP 100001, 100001) in its stored form (AP-100001). */
export function normaliseApplicationNo(typed: string): string {
  const t = typed.trim().toUpperCase().replace(/\s+/g, '');
  if (/^\d+$/.test(t)) return `AP-${t}`;
  return t.replace(/^AP(?=\d)/, 'AP-');
}

const byTrackingToken = namedQuery<{ id: string }>()({
  name: 'applications.by-tracking-token',
  columns: ['id'],
  example: { tokenHash: 'h' },
  build: (p: { tokenHash: string }) => sql`select id from applications where tracking_token_hash = ${p.tokenHash}`,
});

const customersApplication = namedQuery<{ id: string }>()({
  name: 'applications.customers',
  columns: ['id'],
  example: { ref: 'AP-100001', customerId: 1 },
  build: (p: { ref: string; customerId: number }) =>
    sql`select id from applications
         where (id = ${p.ref} or application_no = ${normaliseApplicationNo(p.ref)}) and customer_id = ${p.customerId}`,
});

export async function reachApplication(db: Db, customerId: number | null, ref: string): Promise<ApplicationRef | null> {
  if (BASE64URL_32_BYTES_RE.test(ref)) {
    const [row] = await byTrackingToken(db, { tokenHash: hashTrackingToken(ref) });
    if (row) return { id: row.id, ref };
  }
  if (customerId === null) return null;
  const [row] = await customersApplication(db, { ref, customerId });
  return row ? { id: row.id, ref: row.id } : null;
}
