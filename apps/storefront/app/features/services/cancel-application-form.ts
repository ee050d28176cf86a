import { applicationTexts } from '@shopfront/shared';
import type { FeeNotice } from './fee-payment-form';

/** The application page's "cancel" / "ask to cancel" form: its intent and its Idempotency-Key field. */
export const CANCEL_INTENT = 'cancel';
export const CANCEL_KEY_FIELD = 'cancel_key';

/** What the form answers when the API refuses (a success redirects to `?cancel=`). */
export type CancelResult = {
  ok: false;
  intent: typeof CANCEL_INTENT;
  message: string;
  /** The reason's own error (required to ask, at most 500 characters). */
  reasonError?: string;
  reason: string;
};

/** `?cancel=` after a cancel or a request, by what the API said. */
export const CANCEL_OUTCOMES = {
  done: applicationTexts.cancelled,
  refund: applicationTexts.cancelledRefunding,
  asked: applicationTexts.cancelRequested,
} as const;

/** The notice for `?cancel=done|refund|asked`, or null for anything else. */
export function cancelNotice(value: string | null): FeeNotice | null {
  if (value === null || !Object.hasOwn(CANCEL_OUTCOMES, value)) return null;
  return { tone: value === 'asked' ? 'due' : 'done', text: CANCEL_OUTCOMES[value as keyof typeof CANCEL_OUTCOMES] };
}
