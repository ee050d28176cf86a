import { describe, expect, it } from 'vitest';
import {
  refundedLabel,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  TRACKING_STEPS,
  canTransition,
  isCancellable,
  isRefundable,
  trackingProgress,
  wasConfirmed,
  type OrderStatus,
} from './order-status.ts';

/** Every state reachable from `from` through allowed moves. */
function reachable(from: OrderStatus): Set<OrderStatus> {
  const seen = new Set<OrderStatus>([from]);
  const queue = [from];
  while (queue.length) {
    for (const next of ORDER_TRANSITIONS[queue.shift()!]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('order states', () => {
  it('has a label and a (possibly empty) list of moves for every state, naming only known states', () => {
    for (const s of ORDER_STATUSES) {
      expect(ORDER_STATUS_LABELS[s]).toMatch(/^[A-Z]/);
      for (const next of ORDER_TRANSITIONS[s]) expect(ORDER_STATUSES).toContain(next);
      expect(ORDER_TRANSITIONS[s]).not.toContain(s);
    }
  });

  it('lets a placed order reach every end: delivered, cancelled, refunded', () => {
    for (const start of ['awaiting_payment', 'confirmed'] as const) {
      const ends = reachable(start);
      for (const s of ['delivered', 'cancelled', 'refunded'] as const) expect(ends.has(s)).toBe(true);
    }
  });

  it('never goes back from a shipped parcel to cancelled, nor out of cancelled or refunded', () => {
    for (const s of ['shipped', 'out_for_delivery', 'delivered'] as const) {
      expect(reachable(s).has('cancelled')).toBe(false);
      expect(isCancellable(s)).toBe(false);
    }
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it('is paid before it is packed: no path from awaiting or failed payment to packed skips confirmed', () => {
    for (const s of ['awaiting_payment', 'payment_failed'] as const) {
      expect(canTransition(s, 'packed')).toBe(false);
      expect(canTransition(s, 'shipped')).toBe(false);
    }
    expect(canTransition('awaiting_payment', 'confirmed')).toBe(true);
    expect(canTransition('payment_failed', 'confirmed')).toBe(true);
  });

  it('offers cancellation until dispatch and refunds only after delivery', () => {
    expect(ORDER_STATUSES.filter(isCancellable)).toEqual(['awaiting_payment', 'payment_failed', 'confirmed', 'packed']);
    expect(ORDER_STATUSES.filter(isRefundable)).toEqual(['delivered', 'refund_requested']);
  });

  it('maps states onto the five tracking steps', () => {
    expect(TRACKING_STEPS).toHaveLength(5);
    expect(ORDER_STATUSES.map((s) => [s, trackingProgress(s)])).toEqual([
      ['awaiting_payment', 0],
      ['payment_failed', 0],
      ['confirmed', 1],
      ['packed', 2],
      ['shipped', 3],
      ['out_for_delivery', 4],
      ['delivered', 5],
      ['cancelled', 0],
      ['refund_requested', 5],
      ['refunded', 5],
    ]);
  });
});

describe('refundedLabel', () => {
  it('says the money is on its way back until the refund is done', () => {
    expect(refundedLabel({ payment_status: 'refund_pending' })).toBe('Being refunded');
    expect(refundedLabel({ payment_status: 'refunded' })).toBe('Refunded');
    expect(refundedLabel({ payment_status: 'paid' })).toBe('Refunded');
  });
});

describe('wasConfirmed (a tax invoice is made only for such an order)', () => {
  it('holds for every state after confirmed, and for an order cancelled from one of them', () => {
    const afterConfirmed = reachable('confirmed');
    for (const s of ORDER_STATUSES.filter((x) => x !== 'cancelled'))
      expect(wasConfirmed(s, null), s).toBe(afterConfirmed.has(s));
    for (const from of ORDER_STATUSES.filter((x) => canTransition(x, 'cancelled')))
      expect(wasConfirmed('cancelled', from), from).toBe(afterConfirmed.has(from));
    expect(wasConfirmed('cancelled', 'awaiting_payment')).toBe(false);
    expect(wasConfirmed('cancelled', 'packed')).toBe(true);
    expect(wasConfirmed('cancelled', null)).toBe(false);
  });
});
