import { sql } from 'drizzle-orm';
import type { OrderKind } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { moveOrder } from '../orders/transition.ts';
import { readSettingNumber, settingNumber } from '../settings/service.ts';
import { setPaymentStatus } from './records.ts';

/**
 * Reservations (ADR 24, 25): an unpaid online order holds its stock until reserved_until; the
 * recurring 'payment-reservations' job gives back the stock of those whose time ran out.
 */

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Returns the stock of unpaid orders whose reservation ran out (every minute). */
    'payment-reservations': Record<string, never>;
  }
}

/** How long an unpaid online order keeps its stock when the shop does not say (minutes). */
const DEFAULT_RESERVATION_MINUTES = 15;
/** Reservations returned per transaction by the expiry job. */
const EXPIRY_BATCH = 20;

/**
 * How long an online order holds its stock while its payment is awaited: the
 * payment_reservation_minutes setting (5 minutes to a day), else 15 minutes.
 */
export async function reservationMinutes(db: Db): Promise<number> {
  return reservationMinutesOf(await readSettingNumber(db, 'payment_reservation_minutes', 5, 24 * 60));
}

/** The payment_reservation_minutes setting as SQL (clamped; null when unset): read alongside other values. */
export const reservationMinutesSql = settingNumber('payment_reservation_minutes', 5, 24 * 60);

/** reservationMinutes from reservationMinutesSql's value. */
export const reservationMinutesOf = (minutes: number | null): number =>
  Math.round(minutes ?? DEFAULT_RESERVATION_MINUTES);

/** Unpaid orders whose reservation ran out (a batch, locked; those locked elsewhere skipped). */
const dueReservations = namedQuery<{ id: string; kind: OrderKind }>()({
  name: 'payments.reservations.due',
  columns: ['id', 'kind'],
  example: {},
  build: () =>
    sql`select id, kind from orders
             where status = 'awaiting_payment' and stock_reserved and reserved_until < now()
             order by reserved_until limit ${EXPIRY_BATCH} for update skip locked`,
});

/**
 * Moves unpaid orders whose reservation ran out to payment_failed (moveOrder returns their stock
 * and queues the message), a small batch per transaction, skipping rows another process holds.
 * A service's fee order (ADR 37) expires the same way, its application left awaiting the fee: its
 * applicant is not messaged about an order, and paying again later retries the same fee order.
 * A payment that arrives later is still taken care of (markPaid). Answers how many expired.
 */
export async function expireReservations(db: Db): Promise<number> {
  let expired = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await dueReservations(tx, {});
      for (const { id, kind } of due) {
        const moved = await moveOrder(tx, {
          orderId: id,
          to: 'payment_failed',
          from: ['awaiting_payment'],
          actor: 'system',
          note: 'The time to pay ran out',
        });
        if (!moved) continue;
        await setPaymentStatus(tx, id, 'failed', ['pending']);
        // A fee's applicant knows the application, not its order: its page offers the payment again.
        if (kind === 'service_fee') {
          await queryRows(tx, sql`update order_events set notified_at = now() where id = ${moved.eventId}`);
        }
      }
      return due.length;
    });
    expired += n;
    if (n < EXPIRY_BATCH) return expired;
  }
}
