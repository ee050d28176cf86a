import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { Application } from '@shopfront/shared';
import { inputBorder, inputClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { ScriptFlag } from '../cart/cart-line';
import { PAYMENT_UNUSABLE } from '../checkout/payment-view';
import { ProcessingDialog } from '../checkout/processing-dialog';
import { useLeaveForPayment } from '../checkout/use-leave-for-payment';
import { FormError } from '../orders/order-form-parts';
import { FEE_COUPON_FIELD, FEE_INTENT, FEE_KEY_FIELD, type FeeResult } from './fee-payment-form';

/**
 * "Pay the fee" on an application awaiting it (ADR 37): one button per payment method the shop
 * offers, the first online one first. The page's action pays it through the API and the applicant
 * follows its answer, as an order's "Pay now" does: the provider's hosted page (the
 * payment-processing popup while the browser leaves), its in-page checkout, or back to the
 * application. Without JavaScript the form posts and the action redirects. A coupon code may be
 * typed before the first payment (the API judges it; its refusal shows under the field); once the
 * fee's order carries one, the buttons say what is left to pay.
 */
export function FeePayment({ application, feeKey }: { application: Application; feeKey: string }) {
  const fetcher = useFetcher<FeeResult>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const { leaving, unusable } = useLeaveForPayment(answer?.ok ? answer : null);
  const busy = fetcher.state !== 'idle' || leaving;
  const methods = [...application.fee_methods].sort(
    (a, b) => Number(b.kind === 'online') - Number(a.kind === 'online'),
  );
  const fee = (application.fee_coupon?.total ?? application.fee!).formatted;
  const couponId = useId();
  const couponError = answer && !answer.ok ? answer.couponError : undefined;
  // The payment-processing popup: from the press of an online method's button until the provider's page opens.
  const chosen = methods.find((m) => m.code === fetcher.formData?.get('method'));
  const paying = fetcher.state !== 'idle' && chosen?.kind === 'online';
  return (
    <fetcher.Form method="post" id="fee-payment" className="mt-4 scroll-mt-24 space-y-3" data-testid="fee-payment">
      <input type="hidden" name="intent" value={FEE_INTENT} />
      <input type="hidden" name={FEE_KEY_FIELD} value={feeKey} />
      <ScriptFlag />
      <p className="text-sm text-muted">Work on your application starts once the fee is paid.</p>
      {!application.fee_coupon && (
        <div className="max-w-sm">
          <label htmlFor={couponId} className="mb-1.5 block text-sm font-medium">
            Coupon code <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={couponId}
            name={FEE_COUPON_FIELD}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            defaultValue={answer && !answer.ok ? answer.coupon : undefined}
            key={answer && !answer.ok ? answer.coupon : ''}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? `${couponId}-error` : undefined}
            className={`${inputClass} ${inputBorder(couponError)} h-11 font-mono uppercase`}
          />
          {couponError && (
            <p
              id={`${couponId}-error`}
              role="alert"
              className="mt-1.5 text-sm font-medium text-red-700"
              data-field-error
            >
              {couponError}
            </p>
          )}
        </div>
      )}
      <FormError
        message={couponError ? null : answer && !answer.ok ? answer.message : unusable ? PAYMENT_UNUSABLE : null}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {methods.map((m, i) => (
          <button
            key={m.code}
            type="submit"
            name="method"
            value={m.code}
            disabled={busy}
            className={`btn h-12 w-full px-5 sm:w-auto ${i === 0 ? 'btn-primary' : 'btn-outline'}`}
          >
            {busy && chosen?.code === m.code && <Spinner />}
            {m.kind === 'offline' ? `Pay later · ${m.name}` : i === 0 ? `Pay the fee · ${fee}` : `Pay with ${m.name}`}
          </button>
        ))}
      </div>
      <ProcessingDialog open={leaving || paying} />
    </fetcher.Form>
  );
}
