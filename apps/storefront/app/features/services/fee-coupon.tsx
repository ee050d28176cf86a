import { useId } from 'react';
import type { CouponOffer, FeeCouponPreview } from '@shopfront/shared';
import { inputBorder, inputClass } from '../../components/ui/field';
import { CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { CouponOfferText } from '../cart/coupon-offer';
import { FEE_COUPON_APPLY, FEE_COUPON_FIELD, FEE_COUPON_REMOVE } from './fee-payment-form';

/** Where the pay form's coupon stands: previewed (Pay sends its code), or a code typed, perhaps refused. */
export interface FeeCouponState {
  preview: FeeCouponPreview | null;
  /** The refusal shown under the field, and the code it was for. */
  error?: string | undefined;
  typed?: string | undefined;
}

/**
 * The coupon part of the fee's pay form (ADR 37), inside that form: a code and Apply, or the code
 * previewed with what it takes off (Fee / Coupon / To pay, "Nothing to pay" when it covers the
 * fee) and Remove, then the coupons on offer, each with its one-tap Apply. Its buttons submit the
 * pay form with their own name (the page's action tells them from Pay's), so all of it works
 * without JavaScript. `sending`: the Apply button's value being sent (a code, or '' for the typed
 * one), or 'remove'; null when idle.
 */
export function FeeCoupon({
  state,
  offers,
  sending,
  disabled,
}: {
  state: FeeCouponState;
  offers: readonly CouponOffer[];
  sending: string | null;
  disabled: boolean;
}) {
  const id = useId();
  const { preview, error } = state;
  const others = offers.filter((o) => o.code !== preview?.code);
  return (
    <div className="max-w-md space-y-3">
      {preview ? (
        <div
          className="rounded-xl border border-emerald-600/30 bg-emerald-50 px-3.5 py-3 text-sm"
          data-testid="fee-coupon-preview"
          aria-live="polite"
        >
          <input type="hidden" name={FEE_COUPON_FIELD} value={preview.code} />
          <div className="flex items-start gap-3">
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
              <CheckIcon className="size-3.5" />
            </span>
            <dl className="grid min-w-0 flex-1 grid-cols-[1fr_auto] gap-x-4 gap-y-1">
              <dt className="text-muted">Fee</dt>
              <dd className="text-right">{preview.fee.formatted}</dd>
              <dt className="min-w-0 break-words">
                Coupon <span className="font-mono font-semibold">{preview.code}</span>
              </dt>
              <dd className="text-right text-emerald-800" data-testid="fee-coupon-discount">
                −{preview.discount.formatted}
              </dd>
              <dt className="font-semibold">To pay</dt>
              <dd className="text-right font-semibold" data-testid="fee-coupon-total">
                {preview.total.amount === 0 ? 'Nothing to pay' : preview.total.formatted}
              </dd>
            </dl>
          </div>
          <div className="mt-1 flex items-center justify-between gap-3 pl-8">
            <p className="min-w-0 text-muted">{preview.description}</p>
            <button
              type="submit"
              name={FEE_COUPON_REMOVE}
              value="1"
              disabled={disabled}
              className="-mr-2 inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-full px-3 font-medium text-ink hover:bg-ink/5 disabled:opacity-50"
              aria-label={`Remove coupon ${preview.code}`}
            >
              {sending === 'remove' && <Spinner className="size-3.5" />}
              Remove
            </button>
          </div>
        </div>
      ) : (
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
            Coupon code <span className="font-normal text-muted">(optional)</span>
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              name={FEE_COUPON_FIELD}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              defaultValue={state.typed}
              key={state.typed ?? ''}
              placeholder="Enter a code"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} ${inputBorder(error)} h-11 min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case`}
            />
            <button
              type="submit"
              name={FEE_COUPON_APPLY}
              value=""
              disabled={disabled}
              className="btn btn-outline h-11 shrink-0 px-5"
            >
              {sending === '' && <Spinner />}
              Apply
            </button>
          </div>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
      {others.length > 0 && (
        <div>
          <p id={`${id}-offers`} className="text-sm font-medium text-muted">
            Coupons on offer
          </p>
          <ul aria-labelledby={`${id}-offers`} className="mt-2 space-y-2" data-testid="fee-coupon-offers">
            {others.map((o) => (
              <li
                key={o.code}
                className="flex items-center justify-between gap-3 rounded-xl border border-dashed border-ink/20 px-3.5 py-2.5"
                data-coupon={o.code}
              >
                <CouponOfferText offer={o} />
                <button
                  type="submit"
                  name={FEE_COUPON_APPLY}
                  value={o.code}
                  disabled={disabled || !o.applicable}
                  className="btn btn-outline h-11 shrink-0 px-4"
                  aria-label={`Apply coupon ${o.code}`}
                >
                  {sending === o.code && <Spinner className="size-3.5" />}
                  Apply
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
