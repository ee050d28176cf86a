import { applicationTexts, type FeeCouponPreview, type PaymentNext } from '@shopfront/shared';

/** The application page's "pay the fee" form: its intent and its Idempotency-Key field. */
export const FEE_INTENT = 'pay';
export const FEE_KEY_FIELD = 'fee_key';
/** The optional coupon code typed on the form (the API judges it: ADR 37). */
export const FEE_COUPON_FIELD = 'coupon';

/**
 * The pay form's coupon buttons (their name is sent only by the button pressed): Apply previews
 * a code (its value: an offered coupon's code, or empty for the one typed), Remove drops it.
 */
export const FEE_COUPON_APPLY = 'coupon_apply';
export const FEE_COUPON_REMOVE = 'coupon_remove';

/** What a coupon's Apply or Remove answers: what the coupon would do to the fee (null: removed), or why not. */
export type FeeCouponResult =
  | { ok: true; intent: 'fee-coupon'; preview: FeeCouponPreview | null }
  | { ok: false; intent: 'fee-coupon'; message: string; couponError?: string; coupon: string };

/** What paying the fee answers a script (without JavaScript the action redirects, or answers the failure). */
export type FeeResult =
  | { ok: true; intent: typeof FEE_INTENT; next: PaymentNext; orderId: string }
  | {
      ok: false;
      intent: typeof FEE_INTENT;
      message: string;
      /** The coupon's refusal, shown under its field (and the code typed, kept there). */
      couponError?: string;
      coupon?: string;
    };

/** How the fee stands when the applicant comes back from paying (`?fee=` of the application page). */
export type FeeNotice = { tone: 'done' | 'due' | 'failed'; text: string };

export const FEE_FAILED = 'Your payment did not go through, and nothing was taken. You can try again.';

/** The notice for `?fee=paid|due|failed`, or null for anything else. */
export function feeNotice(fee: string | null, applicationNo: string): FeeNotice | null {
  if (fee === 'paid') return { tone: 'done', text: applicationTexts.feePaid(applicationNo) };
  if (fee === 'due') return { tone: 'due', text: applicationTexts.feeDue };
  if (fee === 'failed') return { tone: 'failed', text: FEE_FAILED };
  return null;
}
