import { sql } from 'drizzle-orm';
import { AdminShippingMethodBodySchema, AdminShippingZoneBodySchema, undoMessages } from '@shopfront/shared';
import { isDeepStrictEqual } from 'node:util';
import { queryRows, type Db } from '../../../db/client.ts';
import { HttpError, parseOr422 } from '../../../lib/http.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { loadMethod, methodAuditView, updateMethod } from './methods.ts';
import { loadZone, lockShipping, updateZone, zoneAuditView } from './service.ts';

type Values = Record<string, unknown>;
const changedSince = () => new HttpError(409, undoMessages.changedSince);

/**
 * Undo of a shipping zone's or method's edit (issue 25's Undo): the shipping lock and the row are taken, its current
 * settings compared with the entry's "after" (409 when it changed since, or is gone), and the
 * "before" settings written back through the same service (which audits them).
 */
export async function undoShippingEntry(
  tx: Db,
  actor: AuditActor,
  action: 'shipping-zone.update' | 'shipping-method.update',
  key: string,
  before: Values,
  after: Values,
  ip: string | null,
): Promise<void> {
  const act = { staff: actor, ip, ifMatch: null };
  // The shipping lock first, then the row, as every shipping write takes them: the other order
  // could deadlock against an edit or a reorder (which updates every row under the lock).
  await lockShipping(tx);
  if (action === 'shipping-zone.update') {
    const id = Number(key);
    if (!Number.isSafeInteger(id)) throw changedSince();
    const [locked] = await queryRows<{ id: number }>(
      tx,
      sql`select id from shipping_zones where id = ${id} for update`,
    );
    const current = locked ? await loadZone(tx, id) : null;
    if (!current) throw changedSince();
    const view: Values = zoneAuditView(current);
    for (const k of Object.keys(after)) if (!isDeepStrictEqual(view[k], after[k])) throw changedSince();
    await updateZone(tx, act, id, parseOr422(AdminShippingZoneBodySchema, { ...view, ...before }));
    return;
  }
  const [locked] = await queryRows<{ code: string }>(
    tx,
    sql`select code from shipping_methods where code = ${key} for update`,
  );
  const current = locked ? await loadMethod(tx, key) : null;
  if (!current) throw changedSince();
  const view: Values = methodAuditView(current);
  for (const k of Object.keys(after)) if (!isDeepStrictEqual(view[k], after[k])) throw changedSince();
  await updateMethod(tx, act, key, parseOr422(AdminShippingMethodBodySchema, { ...view, ...before }));
}
