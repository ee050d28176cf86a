import { useState, type FormEvent } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { Application, CouponOffer } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';
import { ScriptFlag } from '../cart/script-flag';
import { PAYMENT_UNUSABLE } from '../checkout/payment-view';
import { ProcessingDialog } from '../checkout/processing-dialog';
import { useLeaveForPayment } from '../checkout/use-leave-for-payment';
import { FormError } from '../orders/order-form-parts';
import { FeeCoupon, type FeeCouponState } from './fee-coupon';
import {
  FEE_COUPON_APPLY,
  FEE_COUPON_REMOVE,
  FEE_INTENT,
  FEE_KEY_FIELD,
  type FeeCouponResult,
  type FeeResult,
} from './fee-payment-form';

/** Where the coupon stands after an answer: a coupon's Apply or Remove, or a Pay that refused the coupon. */
function couponStateOf(answer: FeeCouponResult | FeeResult | undefined, before: FeeCouponState): FeeCouponState {
  if (answer?.intent === 'fee-coupon') {
    return answer.ok
      ? { preview: answer.preview }
      : { preview: null, error: answer.couponError ?? answer.message, typed: answer.coupon };
  }
  // Pay refused: a refused coupon (used up since it was previewed) goes back to its field, with why.
  if (answer && !answer.ok) {
    if (answer.couponError) return { preview: null, error: answer.couponError, typed: answer.coupon };
    return before.preview ? before : { preview: null, typed: answer.coupon };
  }
  return before;
}

/**
 * "Pay the fee" on an application awaiting it (ADR 37): one button per payment method the shop
 * offers, the first online one first. The page's action pays it through the API and the applicant
 * follows its answer, as an order's "Pay now" does: the provider's hosted page (the
 * payment-processing popup while the browser leaves), its in-page checkout, or back to the
 * application. Before the first payment a coupon may be applied (FeeCoupon): the API previews it,
 * counting nothing, and the buttons then say what is left to pay ("Nothing to pay": one button
 * submits the application); Pay sends its code, and a coupon that stopped applying meanwhile is
 * refused at Pay under its field. A code typed but not applied is sent with Pay too. One form:
 * without JavaScript it posts, the action redirects or answers, and the page shows the answer;
 * with it, the coupon's buttons and Pay go through their own fetchers. Once the fee's order
 * carries a coupon, the buttons say what is left to pay and no other coupon is taken.
 */
export function FeePayment({
  application,
  feeKey,
  offers,
}: {
  application: Application;
  feeKey: string;
  offers: readonly CouponOffer[];
}) {
  const fetcher = useFetcher<FeeResult>();
  const couponFetcher = useFetcher<FeeCouponResult>();
  const noScript = useActionData() as FeeResult | FeeCouponResult | { intent?: undefined } | undefined;
  const noScriptAnswer = noScript?.intent ? noScript : undefined;
  const answer =
    fetcher.state === 'idle' ? fetcher.data : noScriptAnswer?.intent === FEE_INTENT ? noScriptAnswer : undefined;
  // The coupon's state follows each new answer (of its buttons, or of Pay), adjusted while rendering.
  const idle = <T,>(f: { state: string; data?: T }) => (f.state === 'idle' ? f.data : undefined);
  const [tracked, setTracked] = useState(() => ({
    coupon: couponStateOf(noScriptAnswer, { preview: null }),
    seen: [couponFetcher.data, fetcher.data] as const,
  }));
  const fresh = [idle(couponFetcher) ?? tracked.seen[0], idle(fetcher) ?? tracked.seen[1]] as const;
  if (fresh[0] !== tracked.seen[0] || fresh[1] !== tracked.seen[1]) {
    let next = tracked.coupon;
    if (fresh[0] !== tracked.seen[0]) next = couponStateOf(fresh[0], next);
    if (fresh[1] !== tracked.seen[1]) next = couponStateOf(fresh[1], next);
    setTracked({ coupon: next, seen: fresh });
  }
  const coupon = tracked.coupon;
  const { leaving, unusable } = useLeaveForPayment(answer?.ok ? answer : null);
  const couponBusy = couponFetcher.state !== 'idle';
  const busy = fetcher.state !== 'idle' || leaving || couponBusy;
  const methods = [...application.fee_methods].sort(
    (a, b) => Number(b.kind === 'online') - Number(a.kind === 'online'),
  );
  const fee = (coupon.preview?.total ?? application.fee_coupon?.total ?? application.fee!).formatted;
  const nothingToPay = coupon.preview?.total.amount === 0;
  // The payment-processing popup: from the press of an online method's button until the provider's page opens.
  const chosen = methods.find((m) => m.code === fetcher.formData?.get('method'));
  const paying = fetcher.state !== 'idle' && chosen?.kind === 'online';
  const sending = !couponBusy
    ? null
    : couponFetcher.formData?.has(FEE_COUPON_REMOVE)
      ? 'remove'
      : String(couponFetcher.formData?.get(FEE_COUPON_APPLY) ?? '');
  // With JavaScript, the coupon's buttons and Pay each answer through their own fetcher.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(e.currentTarget, submitter);
    const forCoupon = submitter?.name === FEE_COUPON_APPLY || submitter?.name === FEE_COUPON_REMOVE;
    void (forCoupon ? couponFetcher : fetcher).submit(form, { method: 'post' });
  };
  const buttons = nothingToPay ? methods.slice(0, 1) : methods;
  return (
    <form
      method="post"
      onSubmit={submit}
      id="fee-payment"
      className="mt-4 scroll-mt-24 space-y-3"
      data-testid="fee-payment"
      noValidate
    >
      <input type="hidden" name="intent" value={FEE_INTENT} />
      <input type="hidden" name={FEE_KEY_FIELD} value={feeKey} />
      <ScriptFlag />
      <p className="text-sm text-muted">Work on your application starts once the fee is paid.</p>
      {!application.fee_coupon && <FeeCoupon state={coupon} offers={offers} sending={sending} disabled={busy} />}
      <FormError
        message={answer && !answer.ok && !answer.couponError ? answer.message : unusable ? PAYMENT_UNUSABLE : null}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {buttons.map((m, i) => (
          <button
            key={m.code}
            type="submit"
            name="method"
            value={m.code}
            disabled={busy}
            className={`btn h-12 w-full px-5 sm:w-auto ${i === 0 ? 'btn-primary' : 'btn-outline'}`}
          >
            {fetcher.state !== 'idle' && chosen?.code === m.code && <Spinner />}
            {nothingToPay
              ? 'Submit application · Nothing to pay'
              : m.kind === 'offline'
                ? `Pay later · ${m.name}`
                : i === 0
                  ? `Pay the fee · ${fee}`
                  : `Pay with ${m.name}`}
          </button>
        ))}
      </div>
      <ProcessingDialog open={leaving || paying} />
    </form>
  );
}
