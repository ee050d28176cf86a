import type { OrderStatus } from '@shopfront/shared';

/**
 * What the applicant is told about a change of their fee order (ADR 37), in services words: about
 * the application's fee, never about an order, a delivery or Cash on Delivery, and with the
 * application's link (where the fee is paid again) instead of an order's. The order-message job
 * (orders/messages.ts) sends these for a service_fee order in place of the goods order's texts.
 */
export interface FeeChange {
  to: OrderStatus;
  applicationNo: string;
  serviceName: string;
  note: string | null;
  /** The refund granted with this change, formatted (a whole refund, or a part: the order stays delivered); else null. */
  refund: string | null;
  /** The method's name, for an online refund ("goes back to your … payment"); null for cash. */
  onlineMethod: string | null;
  /** Whether the application still awaits its fee (so it can be paid again from its page). */
  awaitingFee: boolean;
  /** Whether the application is cancelled (with the refund: one message says both). */
  cancelled: boolean;
}

/** The subject and text of a fee order's change, or null for changes the applicant hears of otherwise (or not at all). */
export function feeChangeText(f: FeeChange): { subject: string; text: string } | null {
  const about = `application ${f.applicationNo} (${f.serviceName})`;
  const again = f.awaitingFee ? ' You can pay again from your application.' : '';
  switch (f.to) {
    case 'payment_failed':
      return {
        subject: `Fee payment for application ${f.applicationNo} did not go through`,
        text: `The payment of the fee for your ${about} did not go through.${again}`,
      };
    case 'cancelled':
      // An application cancelled or moved on is told of through its own messages.
      if (!f.awaitingFee) return null;
      return {
        subject: `Fee payment for application ${f.applicationNo} was closed`,
        text: `The payment of the fee for your ${about} was closed.${again}`,
      };
    case 'refunded':
    case 'delivered':
      if (!f.refund) return null;
      return {
        subject: f.cancelled
          ? `Application ${f.applicationNo} cancelled, fee refunded`
          : `Fee refund for application ${f.applicationNo}`,
        text: `${
          f.cancelled
            ? `Your ${about} is cancelled, and your refund of ${f.refund} of its fee has been approved.`
            : `Your refund of ${f.refund} of the fee for your ${about} has been approved.`
        }${f.onlineMethod ? ` It goes back to your ${f.onlineMethod} payment.` : ''}${f.note ? ` ${f.note}` : ''}`,
      };
    default:
      return null;
  }
}
