import type { FetcherWithComponents } from 'react-router';
import type { Money } from '@shopfront/shared';
import { AlertIcon } from '../../../components/ui/icons';
import { useShop } from '../../../lib/shop';
import { ScriptFlag } from '../../cart/script-flag';
import {
  CHECK_TOTAL,
  CONFIRMED_TOTAL_FIELD,
  IDEMPOTENCY_FIELD,
  PAYMENT_MODE_FIELD,
  PAYMENT_UNUSABLE,
  PLACE_ORDER_FORM_ID,
  SHIPPING_MODE_FIELD,
  TERMS_FIELD,
  type PaymentStepResult,
} from '../payment-view';
import { PlaceOrderButton } from './place-order-button';
import { TermsField, useTermsCheck } from './terms-field';

/**
 * Place your order: the shop's checkout instruction, the Place order form (its key for this
 * rendering, the total it confirms, the terms box when the shop asks for it), what refused the
 * last attempt when no field explains it, and when the shopper pays.
 */
export function PlaceOrderPanel({
  place,
  failed,
  idempotencyKey,
  termsRequired,
  total,
  busy,
  updating,
  unusable,
  paysWhen,
}: {
  place: FetcherWithComponents<PaymentStepResult>;
  failed: Extract<PaymentStepResult, { ok: false }> | null;
  idempotencyKey: string;
  termsRequired: string;
  total: Money;
  /** Placing the order, or leaving for the provider's page. */
  busy: boolean;
  /** A choice is being saved: the total is about to change. */
  updating: boolean;
  /** The provider's page could not be opened. */
  unusable: boolean;
  paysWhen: 'online' | 'offline' | null;
}) {
  const { settings, storefront } = useShop();
  const termsOffered = Boolean(settings.allow_tnc_checkout);
  const terms = useTermsCheck({ offered: termsOffered, failed, requiredMessage: termsRequired });
  const atField = [TERMS_FIELD, SHIPPING_MODE_FIELD, PAYMENT_MODE_FIELD].some((f) => failed?.errors[f]);
  const pageError = failed && !atField ? failed.message : null;
  /** The shopper's own new choice changed the total: a note to check it, not an error. */
  const checkTotal = failed?.message === CHECK_TOTAL;
  return (
    <section
      aria-label="Place your order"
      className="min-w-0 rounded-2xl border border-ink/10 bg-background p-5 md:p-7"
      data-testid="place-order-panel"
    >
      {settings.checkout_instruction && (
        <p className="mb-4 rounded-xl bg-accent/10 px-4 py-3 text-sm text-ink" data-testid="checkout-instruction">
          {settings.checkout_instruction}
        </p>
      )}
      <place.Form method="post" id={PLACE_ORDER_FORM_ID} onSubmit={terms.onSubmit} noValidate>
        <input type="hidden" name="intent" value="place-order" />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        <input type="hidden" name={CONFIRMED_TOTAL_FIELD} value={total.amount} />
        <ScriptFlag />
        {termsOffered && <TermsField check={terms} termsPage={storefront.termsandconditions_page} />}
        {(pageError || unusable) && (
          <div
            role="alert"
            className={`mb-4 flex items-start gap-2.5 rounded-xl px-4 py-3 text-sm font-medium ${
              checkTotal && !unusable ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800'
            }`}
            data-testid="place-order-error"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              {unusable ? PAYMENT_UNUSABLE : pageError}
              {failed?.totalChanged && <span className="block font-normal">The summary now shows the new total.</span>}
            </span>
          </div>
        )}
        <PlaceOrderButton
          total={total.formatted}
          busy={busy}
          updating={updating}
          className="hidden h-12 w-full md:flex"
        />
        {paysWhen && (
          <p className="mt-3 text-xs text-muted" data-testid="payment-when">
            {paysWhen === 'online'
              ? 'You will pay on the secure payment page next. Your items are held for you while you pay.'
              : 'You pay when your order arrives.'}
          </p>
        )}
      </place.Form>
    </section>
  );
}
