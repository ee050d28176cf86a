import type { PaymentNext } from '@shopfront/shared';

/**
 * What the forms of one order ask the page's action (checkout result pages, Orders & Refunds),
 * and what it answers a script; without JavaScript the action answers Post/Redirect/Get.
 */
export const ORDER_INTENTS = ['rate', 'retry', 'cod', 'cancel', 'refund'] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];

export function isOrderIntent(value: unknown): value is OrderIntent {
  return typeof value === 'string' && (ORDER_INTENTS as readonly string[]).includes(value);
}

export type OrderActionResult =
  | { ok: true; intent: 'rate' | 'cancel' | 'refund'; orderId: string; message: string | null }
  /** A payment retried or switched to Cash on Delivery: where the browser goes next. */
  | { ok: true; intent: 'retry' | 'cod'; orderId: string; next: PaymentNext }
  | {
      ok: false;
      intent: OrderIntent | null;
      orderId: string | null;
      message: string;
      /** A 422's field errors (rating, comment, reason, items …). */
      errors: Record<string, string[]>;
    };

/** Asked before the API when no star was chosen (the API would only say "must be an integer"). */
export const RATING_REQUIRED = 'Please choose from 1 to 5 stars';
/** Asked before the API when no line of a refund has a quantity. */
export const REFUND_ITEMS_REQUIRED = 'Choose at least one item and how many to send back';

/** The hidden field with the Idempotency-Key of a retry form (one per rendering). */
export const RETRY_KEY_FIELD = 'idempotency_key';
