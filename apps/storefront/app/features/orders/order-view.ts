import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  formatterFor,
  minorUnitDigits,
  type Order,
  type OrderStatus,
} from '@shopfront/shared';
import { formatDateRange, todayYmd } from '../../lib/dates';

/**
 * Pure helpers of the order screens (checkout result, Orders & Refunds, tracking). Types and
 * the pure status table only from the contract: no schema module, so no zod, through here.
 */

/** How a status badge looks: calm for progress, green when delivered, red when it went wrong. */
export function statusTone(status: OrderStatus): 'progress' | 'waiting' | 'done' | 'problem' | 'closed' {
  switch (status) {
    case 'confirmed':
    case 'packed':
    case 'shipped':
    case 'out_for_delivery':
      return 'progress';
    case 'awaiting_payment':
    case 'refund_requested':
      return 'waiting';
    case 'delivered':
      return 'done';
    case 'payment_failed':
      return 'problem';
    case 'cancelled':
    case 'refunded':
      return 'closed';
  }
}

/** The label of a status (the API's own label when it sent one). */
export const statusLabel = (o: Pick<Order, 'status'> & { status_label?: string }) =>
  o.status_label || ORDER_STATUS_LABELS[o.status];

/**
 * "Arrives 12–15 Mar 2027" from the order's estimate (calendar dates, so the same on the server
 * and in every time zone); null when there is none. An estimate whose last day is before `today`
 * (YYYY-MM-DD) on an order still on its way says "Was due …" instead: it never promises a day
 * that has passed.
 */
export function deliveryEstimateText(
  estimate: { from: string; to: string } | null,
  today: string = todayYmd(),
): string | null {
  if (!estimate) return null;
  const range = formatDateRange(estimate.from, estimate.to);
  if (!range) return null;
  if (estimate.to < today) return `Was due ${range}`;
  return estimate.from === estimate.to ? `Arrives by ${range}` : `Arrives ${range}`;
}

/** Whether an estimate's text says the day has passed. */
export const isOverdueEstimate = (text: string | null) => Boolean(text?.startsWith('Was due'));

/**
 * A sum of money in minor units written as the API writes it (en-IN): zod-free, for the amounts
 * a page adds up itself (an estimated refund, a new total).
 */
export function formatMinor(amount: number, currency: string): string {
  return formatterFor(currency, 'en-IN').format(amount / 10 ** minorUnitDigits(currency));
}

/**
 * The payment's label beside the order's status, unless it says the same thing ("Payment failed"
 * twice, "Refunded" twice): null then.
 */
export function paymentLabelBeside(o: Pick<Order, 'status' | 'payment_status'> & { status_label?: string }) {
  const payment = PAYMENT_STATUS_LABELS[o.payment_status];
  return payment.trim().toLowerCase() === statusLabel(o).trim().toLowerCase() ? null : payment;
}

/**
 * What a refund of the chosen quantities comes to: each line's share of its total (total ×
 * chosen / bought), on integer minor units, rounded half up per line. An estimate: the shop
 * decides the refund.
 */
export function estimatedRefundMinor(
  lines: readonly { id: number; quantity: number; total: { amount: number } }[],
  chosen: ReadonlyMap<number, number>,
): number {
  let sum = 0;
  for (const line of lines) {
    const q = chosen.get(line.id) ?? 0;
    if (q <= 0 || line.quantity <= 0) continue;
    sum += Math.round((line.total.amount * Math.min(q, line.quantity)) / line.quantity);
  }
  return sum;
}

/** The order's result pages (their guard admits only the shopper's own latest order). */
export const completePath = (orderId: string) => `/checkout-complete?order=${encodeURIComponent(orderId)}`;
export const failedPath = (orderId: string) => `/checkout-failed?order=${encodeURIComponent(orderId)}`;
/** The order's tracking page for its owner (the slug is the order id; e-mails carry a secret token instead). */
/** The invoice can be downloaded once the order is confirmed (its PDF carries the tax lines). */
export const hasInvoice = (o: Pick<Order, 'status'>) =>
  o.status !== 'awaiting_payment' && o.status !== 'payment_failed';
/** The invoice's download address (the order's owner, or the browser that placed a guest order). */
export const invoicePath = (orderId: string) => `/api/orders/invoice?order_id=${encodeURIComponent(orderId)}`;

export const ownTrackingPath = (orderId: string) => `/track-order/${encodeURIComponent(orderId)}`;

/** "3 items" */
export const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The dialogs of an order (spec section 4 "Order dialogs"), each open or closed; kept in the URL. */
export const ORDER_DIALOGS = ['details', 'cancel', 'refund', 'rate'] as const;
export type OrderDialog = (typeof ORDER_DIALOGS)[number];

export function isOrderDialog(value: unknown): value is OrderDialog {
  return typeof value === 'string' && (ORDER_DIALOGS as readonly string[]).includes(value);
}

/**
 * The Orders & Refunds URL with one order's dialog open (or every dialog closed with `order`
 * null), keeping the page number: plain links, so the dialogs open without JavaScript too.
 */
export function orderDialogHref(search: string, orderId: string | null, dialog: OrderDialog = 'details'): string {
  const qs = new URLSearchParams(search);
  qs.delete('order');
  qs.delete('dialog');
  if (orderId) {
    qs.set('order', orderId);
    qs.set('dialog', dialog);
  }
  const s = qs.toString();
  return s ? `?${s}` : '?';
}

/** A whole number from a form field, else null. */
export function wholeNumber(value: FormDataEntryValue | null): number | null {
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** Field name of one line's quantity in the refund form. */
export const refundQuantityField = (itemId: number) => `qty_${itemId}`;

/**
 * The lines a refund form asks back: each line's chosen quantity (its `qty_<item id>` field);
 * lines left at 0 are not sent. The API bounds each by what may still be asked back.
 */
export function refundSelection(form: FormData): { item_id: number; quantity: number }[] {
  const out: { item_id: number; quantity: number }[] = [];
  for (const [name, value] of form) {
    const m = /^qty_(\d+)$/.exec(name);
    if (!m) continue;
    const q = wholeNumber(value);
    if (q && q > 0) out.push({ item_id: Number(m[1]), quantity: q });
  }
  return out;
}
