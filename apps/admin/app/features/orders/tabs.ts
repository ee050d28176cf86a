import type { AdminOrderTab } from '@shopfront/shared';

/*
 * The inbox's tabs. The shared module that declares them also builds zod schemas, which the
 * first screen must not load (ADR 0034): the names are repeated here, checked against the
 * shared type both ways by the compiler.
 */
export const TABS = [
  'new',
  'to_pack',
  'to_ship',
  'shipped',
  'delivered',
  'cancelled',
  'refund_requested',
] as const satisfies readonly AdminOrderTab[];
type Missing = Exclude<AdminOrderTab, (typeof TABS)[number]>;
export const everyTabListed: [Missing] extends [never] ? true : Missing = true;

export const TAB_LABELS: Record<AdminOrderTab, string> = {
  new: 'New',
  to_pack: 'To pack',
  to_ship: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund_requested: 'Refunds',
};

/** Said when a tab is empty. */
export const TAB_EMPTY: Record<AdminOrderTab, string> = {
  new: 'No new orders. New ones show here as soon as a shopper places them.',
  to_pack: 'Nothing to pack. Confirmed orders wait here.',
  to_ship: 'Nothing to ship. Packed orders wait here for their waybill.',
  shipped: 'No orders on their way.',
  delivered: 'No delivered orders.',
  cancelled: 'No cancelled orders.',
  refund_requested: 'No refund requests waiting for an answer.',
};

/** Where Orders opens for a role with no tab named: a packer's work starts at To pack. */
export const firstTabOf = (role: string | undefined): AdminOrderTab => (role === 'packer' ? 'to_pack' : 'new');
