import { sql } from 'drizzle-orm';
import { AdminShippingMethodBodySchema, AdminShippingZoneBodySchema, undoMessages } from '@shopfront/shared';
import { isDeepStrictEqual } from 'node:util';
import { queryRows, type Db } from '../../../db/client.ts';
import { HttpError, parseOr422 } from '../../../lib/http.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { deleteMethod, loadMethod, methodAuditView, orderMethods, restoreMethod, updateMethod } from './methods.ts';
import {
  deleteZone,
  loadZone,
  lockShipping,
  methodCodeRows,
  orderZones,
  restoreZone,
  updateZone,
  zoneAuditView,
  zoneIdRows,
  type DeletedZone,
} from './service.ts';

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
    const [locked] = await queryRows(tx, sql`select id from shipping_zones where id = ${id} for update`);
    const current = locked ? await loadZone(tx, id) : null;
    if (!current) throw changedSince();
    const view: Values = zoneAuditView(current);
    for (const k of Object.keys(after)) if (!isDeepStrictEqual(view[k], after[k])) throw changedSince();
    await updateZone(tx, act, id, parseOr422(AdminShippingZoneBodySchema, { ...view, ...before }));
    return;
  }
  const [locked] = await queryRows(tx, sql`select code from shipping_methods where code = ${key} for update`);
  const current = locked ? await loadMethod(tx, key) : null;
  if (!current) throw changedSince();
  const view: Values = methodAuditView(current);
  for (const k of Object.keys(after)) if (!isDeepStrictEqual(view[k], after[k])) throw changedSince();
  await updateMethod(tx, act, key, parseOr422(AdminShippingMethodBodySchema, { ...view, ...before }));
}

/** The kinds of shipping change that add, remove or reorder zones and methods. */
export type ShippingStructureAction =
  | 'shipping-zone.create'
  | 'shipping-zone.delete'
  | 'shipping-zone.reorder'
  | 'shipping-method.create'
  | 'shipping-method.delete'
  | 'shipping-method.reorder';

const sameList = (now: readonly unknown[], then: unknown) => Array.isArray(then) && isDeepStrictEqual([...now], then);

/**
 * Undo of an added, deleted or reordered zone or method, under the shipping lock: an added one is
 * deleted while it is as it was added (a zone also without methods added since); a deleted one is
 * put back whole, in its place; a reorder is put back while the order is still the one it made.
 * Otherwise 409: the record changed since.
 */
export async function undoShippingStructure(
  tx: Db,
  actor: AuditActor,
  action: ShippingStructureAction,
  target: string,
  before: Values,
  after: Values,
  ip: string | null,
): Promise<void> {
  const act = { staff: actor, ip, ifMatch: null };
  await lockShipping(tx);
  const [kind, key = ''] = target.split(':') as [string, string | undefined];
  const zoneId = Number(key);
  switch (action) {
    case 'shipping-zone.create': {
      const zone = Number.isSafeInteger(zoneId) ? await loadZone(tx, zoneId) : null;
      if (!zone || zone.methods.length) throw changedSince();
      const view: Values = zoneAuditView(zone);
      for (const k of Object.keys(after)) if (!isDeepStrictEqual(view[k], after[k])) throw changedSince();
      await deleteZone(tx, act, zoneId);
      return;
    }
    case 'shipping-zone.delete':
      if (!Number.isSafeInteger(zoneId) || !(await restoreZone(tx, act, zoneId, before as unknown as DeletedZone))) {
        throw changedSince();
      }
      return;
    case 'shipping-zone.reorder': {
      const now = await zoneIdRows(tx, {});
      if (
        !sameList(
          now.map((z) => z.id),
          after.ids,
        )
      )
        throw changedSince();
      if (!Array.isArray(before.ids)) throw changedSince();
      await orderZones(tx, act, before.ids as number[]);
      return;
    }
    case 'shipping-method.create': {
      const method = await loadMethod(tx, key);
      if (!method) throw changedSince();
      const view: Values = methodAuditView(method);
      for (const k of Object.keys(after)) if (!isDeepStrictEqual(view[k], after[k])) throw changedSince();
      await deleteMethod(tx, act, key);
      return;
    }
    case 'shipping-method.delete':
      if (!(await restoreMethod(tx, act, key, before as Parameters<typeof restoreMethod>[3]))) throw changedSince();
      return;
    case 'shipping-method.reorder': {
      const zone = kind === 'shipping-methods' ? null : zoneId;
      if (zone !== null && !Number.isSafeInteger(zone)) throw changedSince();
      const now = await methodCodeRows(tx, { zoneId: zone });
      if (
        !sameList(
          now.map((m) => m.code),
          after.codes,
        )
      )
        throw changedSince();
      if (!Array.isArray(before.codes)) throw changedSince();
      await orderMethods(tx, act, zone, before.codes as string[]);
      return;
    }
  }
}
