import { sql } from 'drizzle-orm';
import { AdminCouponBodySchema, undoMessages } from '@shopfront/shared';
import { isDeepStrictEqual } from 'node:util';
import { queryRows, type Db } from '../../../db/client.ts';
import { HttpError, parseOr422 } from '../../../lib/http.ts';
import type { AuditActor } from '../../staff/audit.ts';
import { auditView, loadCoupon, setCouponActive, updateCoupon } from './service.ts';

type Values = Record<string, unknown>;
const changedSince = () => new HttpError(409, undoMessages.changedSince);

/**
 * Undo of a coupon's edit, disable or enable (issue 25's Undo): the coupon row is locked, its
 * current values compared with the entry's "after" (409 when it changed since), and the "before"
 * values written back through the same service (which audits them).
 */
export async function undoCouponEntry(
  tx: Db,
  actor: AuditActor,
  action: 'coupon.update' | 'coupon.disable' | 'coupon.enable',
  id: number,
  before: Values,
  after: Values,
  ip: string | null,
): Promise<void> {
  const [locked] = await queryRows(tx, sql`select id from coupons where id = ${id} for update`);
  const current = locked ? await loadCoupon(tx, id) : null;
  if (!current) throw changedSince();
  const act = { staff: actor, ip, ifMatch: null };
  if (action === 'coupon.update') {
    const view: Values = auditView(current);
    for (const key of Object.keys(after)) if (!isDeepStrictEqual(view[key], after[key])) throw changedSince();
    await updateCoupon(tx, act, id, parseOr422(AdminCouponBodySchema, { ...view, ...before }));
    return;
  }
  if (current.is_active !== after.is_active) throw changedSince();
  await setCouponActive(tx, act, id, before.is_active === true);
}
