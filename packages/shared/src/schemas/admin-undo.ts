import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { AuditEntrySchema } from './admin.ts';
import { bodyOrEmpty } from './base.ts';

/**
 * Undo (issue 25): POST /api/admin/audit/{id}/undo puts back an audit entry's "before" values
 * through the same service that made the change, when the record still holds the entry's "after"
 * values. The undo is audited itself (as the service's own entry, so it can be undone in turn,
 * plus an `audit.undo` entry naming the one undone).
 */
export const UNDOABLE_ACTIONS = [
  'store-settings.update',
  'storefront.update',
  'staff.update',
  'customer.note.add',
  'customer.block',
  'customer.unblock',
  'review.hide',
  'review.unhide',
  'cod.update',
  'shipping.update',
  'channel.update',
  'legal-pages.update',
  'coupon.update',
  'coupon.disable',
  'coupon.enable',
  'shipping-zone.update',
  'shipping-method.update',
  'shipping-zone.create',
  'shipping-zone.delete',
  'shipping-zone.reorder',
  'shipping-method.create',
  'shipping-method.delete',
  'shipping-method.reorder',
  'catalog.bulk',
  'product.update',
  'product.picture.delete',
] as const;
export type UndoableAction = (typeof UNDOABLE_ACTIONS)[number];

export const undoMessages = {
  undone: 'Change undone',
  entryNotFound: 'Audit entry not found',
  changedSince: 'This cannot be undone: the record has changed since. Reload to see its current values',
  notUndoable: (action: string) =>
    `A change of kind "${action}" cannot be undone (undo works for: ${UNDOABLE_ACTIONS.join(', ')})`,
  variantStocked: (sku: string) =>
    `This cannot be undone: variant ${sku}, which the undo would remove, has sold or been restocked since. Edit the product instead`,
  secret: 'This change set a password, which the audit log does not keep: set it again instead',
} as const;

export const AuditEntryParamsSchema = z.object({
  id: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: undoMessages.entryNotFound })
    .max(2_147_483_647, { error: undoMessages.entryNotFound }),
});

/** How long the panel offers Undo after a save (the answer's `undo.expires_at`). */
export const UNDO_OFFER_MS = 10_000;

/**
 * The undo's body: `also`, the other entries the same save wrote (its answer's `undo.also`),
 * undone with the entry in one transaction, newest first (all or none).
 */
export const UndoBodySchema = bodyOrEmpty(
  z.strictObject({
    also: z
      .array(z.number({ error: messages.integer }).int({ error: messages.integer }).min(1).max(2_147_483_647))
      .max(10)
      .optional(),
  }),
);

/** The undo's answer: the entry undone and the new entry the service wrote for the undo. */
export const UndoResultSchema = z.object({
  undone: AuditEntrySchema,
  entry: AuditEntrySchema,
});
export type UndoResult = z.infer<typeof UndoResultSchema>;
