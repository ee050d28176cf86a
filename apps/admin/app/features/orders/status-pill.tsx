import type { Money, OrderStatus } from '@shopfront/shared';

const tone: Partial<Record<OrderStatus, string>> = {
  awaiting_payment: 'bg-amber-50 text-amber-900 ring-amber-200',
  payment_failed: 'bg-red-50 text-red-800 ring-red-200',
  confirmed: 'bg-sky-50 text-sky-900 ring-sky-200',
  packed: 'bg-violet-50 text-violet-900 ring-violet-200',
  shipped: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  out_for_delivery: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  delivered: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  cancelled: 'bg-stone-100 text-stone-700 ring-stone-200',
  refund_requested: 'bg-orange-50 text-orange-900 ring-orange-200',
};

type Refundable =
  | { status: OrderStatus; total?: Money; refunded: Money }
  | { status: OrderStatus; totals: { grand_total: Money; refunded: Money } };

/** Some, not all, of the order's money went back (a full refund is the Refunded state itself). */
export function partlyRefunded(order: Refundable): boolean {
  const refunded = 'totals' in order ? order.totals.refunded : order.refunded;
  const total = 'totals' in order ? order.totals.grand_total : order.total;
  return order.status !== 'refunded' && refunded.amount > 0 && !(total && refunded.amount >= total.amount);
}

/**
 * "Partly refunded · ₹549" beside the state of an order some (not all) of whose money went back;
 * nothing otherwise. A full refund is the Refunded state itself.
 */
export function PartlyRefunded({ order }: { order: Refundable }) {
  if (!partlyRefunded(order)) return null;
  const refunded = 'totals' in order ? order.totals.refunded : order.refunded;
  return (
    <span
      data-testid="partly-refunded"
      className="inline-flex items-center rounded-full bg-orange-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-orange-900 ring-1 ring-orange-200"
    >
      Partly refunded · {refunded.formatted}
    </span>
  );
}

/** An order's state as a small coloured label (the words carry the meaning, not the colour). */
export function StatusPill({ status, label }: { status: OrderStatus; label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${tone[status] ?? 'bg-stone-100 text-stone-800 ring-stone-200'}`}
    >
      {label}
    </span>
  );
}
