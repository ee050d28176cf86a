import { STEP_FIELDS } from './address-view';

/**
 * "Billing address same as shipping" (the cart's billing_same_as_shipping, ticked until the
 * shopper says otherwise), part of the step's one form and saved by Continue. The billing
 * address beside it is hidden by CSS while it is ticked (`billing-fields`), so it works the same
 * without JavaScript.
 */
export function BillingSame({ same }: { same: boolean }) {
  return (
    <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-ink select-none">
      <input
        type="checkbox"
        name={STEP_FIELDS.billingSame}
        defaultChecked={same}
        className="peer/billing size-5 shrink-0 rounded border-ink/30 accent-[var(--sf-primary)]"
        data-billing-same
      />
      Billing address same as shipping
    </label>
  );
}
