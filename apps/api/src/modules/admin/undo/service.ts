import { and, desc, eq, inArray } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import {
  StoreSettingsPatchSchema,
  StorefrontPatchSchema,
  UNDOABLE_ACTIONS,
  undoMessages,
  type StaffArea,
  type UndoResult,
  type UndoableAction,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { auditLog, customers, reviews, staff, storefronts, storeSettings } from '../../../db/schema.ts';
import { HttpError, notFound, parseOr422 } from '../../../lib/http.ts';
import { MASK, recordAudit, toAuditEntry } from '../../staff/audit.ts';
import { assertMayUse } from '../../staff/permissions.ts';
import { toStaffAccount, updateStaff } from '../../staff/service.ts';
import type { StaffMember } from '../../staff/session.ts';
import { deleteCustomerNote, setCustomerBlocked } from '../customers/service.ts';
import { moderateReview } from '../inboxes/moderation.ts';
import { undoCouponEntry } from '../coupons/undo.ts';
import { undoShippingEntry, undoShippingStructure } from '../shipping/undo.ts';
import { updateStoreSettings } from '../settings.ts';
import {
  PRIVATE_SETTINGS,
  undoChannel,
  undoCod,
  undoLegalPages,
  undoPrivateSetting,
  undoShipping,
} from '../setup/undo.ts';
import { updateAdminStorefront, viewOf } from '../storefront.ts';
import { undoBulk, type BulkCells } from '../catalog/bulk.ts';
import { restorePicture } from '../catalog/pictures.ts';
import { undoProductUpdate } from '../catalog/products.ts';
import type { SetupActor } from '../setup/service.ts';

/** The part of the shop each undoable kind belongs to: undoing it needs that area too. */
const AREA_OF: Record<UndoableAction, StaffArea> = {
  'store-settings.update': 'settings',
  'storefront.update': 'content',
  'staff.update': 'staff',
  'customer.note.add': 'customers',
  'customer.block': 'customers',
  'customer.unblock': 'customers',
  'review.hide': 'customers',
  'review.unhide': 'customers',
  'cod.update': 'settings',
  'shipping.update': 'settings',
  'channel.update': 'settings',
  'legal-pages.update': 'settings',
  'coupon.update': 'catalog',
  'coupon.disable': 'catalog',
  'coupon.enable': 'catalog',
  'shipping-zone.update': 'settings',
  'shipping-method.update': 'settings',
  'shipping-zone.create': 'settings',
  'shipping-zone.delete': 'settings',
  'shipping-zone.reorder': 'settings',
  'shipping-method.create': 'settings',
  'shipping-method.delete': 'settings',
  'shipping-method.reorder': 'settings',
  'catalog.bulk': 'catalog',
  'product.update': 'catalog',
  'product.picture.delete': 'catalog',
};

type Values = Record<string, unknown>;
const isUndoable = (a: string): a is UndoableAction => (UNDOABLE_ACTIONS as readonly string[]).includes(a);
const changedSince = () => new HttpError(409, undoMessages.changedSince);
/** The record still holds the entry's "after" values (JSON-equal: dates as ISO text). */
function assertUnchanged(current: Values, after: Values): void {
  const now = JSON.parse(JSON.stringify(current)) as Values;
  for (const key of Object.keys(after)) if (!isDeepStrictEqual(now[key], after[key])) throw changedSince();
}
const idOf = (target: string, prefix: string) => target.slice(prefix.length + 1);
const intIdOf = (target: string, prefix: string) => {
  const n = Number(idOf(target, prefix));
  if (!Number.isSafeInteger(n)) throw changedSince();
  return n;
};

/**
 * Store settings back to their "before" values through their service; a null "before" is a
 * setting the change created (a shop's first save of its name): its row goes, so what was there
 * (the default) shows again.
 */
async function undoStoreSettings(tx: Db, actor: SetupActor, before: Values, after: Values, ip: string | null) {
  const keys = Object.keys(after);
  const restore = Object.fromEntries(keys.filter((k) => before[k] != null).map((k) => [k, before[k]]));
  const gone = keys.filter((k) => before[k] == null);
  if (Object.keys(restore).length) {
    await updateStoreSettings(tx, actor, parseOr422(StoreSettingsPatchSchema, restore), ip);
  }
  if (gone.length === 0) return;
  await tx.delete(storeSettings).where(inArray(storeSettings.key, gone));
  await recordAudit(tx, {
    staff: actor,
    action: 'store-settings.update',
    target: 'store-settings',
    before: Object.fromEntries(gone.map((k) => [k, after[k]])),
    after: Object.fromEntries(gone.map((k) => [k, null])),
    ip,
  });
}

/**
 * Puts back an audit entry's "before" values (and those of `also`, the other entries of the same
 * save: its answer's `undo.also`) through the service that made the change, in one transaction: the record is locked, compared with the entry's "after" values (409 when it changed
 * since), then changed by the service (which audits it as usual), and an `audit.undo` entry names
 * the entry undone. 422 for a kind that cannot be undone; 403 when the member's role does not
 * include the record's area (or the service refuses, as for an owner-only setting).
 */
export async function undoAuditEntry(
  db: Db,
  member: StaffMember,
  id: number,
  ip: string | null,
  also: readonly number[] = [],
): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    // The entries of one save, newest first: all are undone, or none.
    let result: UndoResult | undefined;
    for (const entry of [...new Set([id, ...also])].sort((a, b) => b - a)) {
      const done = await undoOne(tx, member, entry, ip);
      if (entry === id) result = done;
    }
    return result!;
  });
}

async function undoOne(tx: Db, member: StaffMember, id: number, ip: string | null): Promise<UndoResult> {
  const actor = { id: member.id, email: member.email };
  {
    const [row] = await tx.select().from(auditLog).where(eq(auditLog.id, id));
    if (!row) throw notFound(undoMessages.entryNotFound);
    if (!isUndoable(row.action)) throw new HttpError(422, undoMessages.notUndoable(row.action));
    assertMayUse(member, AREA_OF[row.action]);
    const before = (row.before ?? {}) as Values;
    const after = (row.after ?? {}) as Values;

    switch (row.action) {
      case 'store-settings.update': {
        // The setup's private settings (tax rate, payment choice) are written one per entry.
        const [key] = Object.keys(after);
        if (key && PRIVATE_SETTINGS.includes(key)) {
          await undoPrivateSetting(tx, { ...actor, role: member.role }, key, before[key], after[key], ip);
          break;
        }
        const keys = Object.keys(after);
        const current = await tx
          .select()
          .from(storeSettings)
          .where(inArray(storeSettings.key, keys))
          .orderBy(storeSettings.key)
          .for('update');
        assertUnchanged(
          Object.fromEntries(keys.map((k) => [k, current.find((c) => c.key === k)?.value ?? null])),
          after,
        );
        await undoStoreSettings(tx, { ...actor, role: member.role }, before, after, ip);
        break;
      }
      case 'storefront.update': {
        if (Object.hasOwn(before, 'password') || Object.values(before).includes(MASK)) {
          throw new HttpError(422, undoMessages.secret);
        }
        const [current] = await tx
          .select()
          .from(storefronts)
          .where(eq(storefronts.id, idOf(row.target, 'storefront')))
          .for('update');
        if (!current) throw changedSince();
        assertUnchanged(viewOf(current), after);
        await updateAdminStorefront(tx, { ...actor, role: member.role }, parseOr422(StorefrontPatchSchema, before), ip);
        break;
      }
      case 'staff.update': {
        const staffId = idOf(row.target, 'staff');
        const [current] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update');
        if (!current) throw changedSince();
        assertUnchanged(toStaffAccount(current), after);
        await updateStaff(tx, actor, staffId, before, ip);
        break;
      }
      case 'customer.note.add': {
        const note = after as { note_id: number; body: string };
        if (!(await deleteCustomerNote(tx, actor, intIdOf(row.target, 'customer'), note, ip))) throw changedSince();
        break;
      }
      case 'customer.block':
      case 'customer.unblock': {
        const customerId = intIdOf(row.target, 'customer');
        const [current] = await tx
          .select({ blocked_at: customers.blockedAt })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        if (!current) throw changedSince();
        assertUnchanged(current, after);
        await setCustomerBlocked(tx, actor, customerId, before.blocked_at !== null, null, ip);
        break;
      }
      case 'review.hide':
      case 'review.unhide': {
        const reviewId = intIdOf(row.target, 'review');
        const [current] = await tx
          .select({ hidden_at: reviews.hiddenAt })
          .from(reviews)
          .where(eq(reviews.id, reviewId))
          .for('update');
        if (!current) throw changedSince();
        assertUnchanged(current, after);
        await moderateReview(tx, actor, reviewId, before.hidden_at !== null && before.hidden_at !== undefined, ip);
        break;
      }
      case 'cod.update':
        await undoCod(tx, { ...actor, role: member.role }, before, after, ip);
        break;
      case 'channel.update':
        await undoChannel(tx, { ...actor, role: member.role }, idOf(row.target, 'channel'), before, after, ip);
        break;
      case 'legal-pages.update':
        await undoLegalPages(tx, { ...actor, role: member.role }, before, after, ip);
        break;
      case 'shipping.update':
        await undoShipping(tx, { ...actor, role: member.role }, row.before as Values | null, after, ip);
        break;
      case 'coupon.update':
      case 'coupon.disable':
      case 'coupon.enable':
        await undoCouponEntry(tx, actor, row.action, intIdOf(row.target, 'coupon'), before, after, ip);
        break;
      case 'shipping-zone.update':
        await undoShippingEntry(tx, actor, row.action, idOf(row.target, 'shipping-zone'), before, after, ip);
        break;
      case 'shipping-method.update':
        await undoShippingEntry(tx, actor, row.action, idOf(row.target, 'shipping-method'), before, after, ip);
        break;
      case 'shipping-zone.create':
      case 'shipping-zone.delete':
      case 'shipping-zone.reorder':
      case 'shipping-method.create':
      case 'shipping-method.delete':
      case 'shipping-method.reorder':
        await undoShippingStructure(tx, actor, row.action, row.target, before, after, ip);
        break;
      case 'catalog.bulk':
        await undoBulk(tx, actor, before as BulkCells, after as BulkCells, ip);
        break;
      case 'product.update':
        await undoProductUpdate(
          tx,
          { staff: actor, ip, ifMatch: null },
          idOf(row.target, 'product'),
          before,
          after,
          row.id,
          changedSince,
        );
        break;
      case 'product.picture.delete':
        await restorePicture(tx, { staff: actor, ip }, idOf(row.target, 'product'), before, changedSince);
        break;
    }

    // The entry the service just wrote for the undo (this transaction's newest on the target).
    const [entry] = await tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, row.target), eq(auditLog.actor, actor.email)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    await recordAudit(tx, {
      staff: actor,
      action: 'audit.undo',
      target: `audit:${row.id}`,
      before: { action: row.action, target: row.target, values: after },
      after: { values: before, entry_id: entry && entry.id > row.id ? entry.id : null },
      ip,
    });
    return { undone: toAuditEntry(row), entry: toAuditEntry(entry!) };
  }
}
