import { useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { ScriptFlag } from '../../cart/cart-line';
import { JS_FIELD } from '../../cart/cart-view';
import { STEP_FIELDS } from './address-view';
import { useFocusOnRefusal, useStepAnswer } from './step-form';

/**
 * "Billing address same as shipping" (the cart's billing_same_as_shipping, ticked until the
 * shopper says otherwise; PUT /api/cart/update). With JavaScript a change is saved at once and
 * shown before the answer; without it the form has its own button.
 */
export function BillingSame({ same }: { same: boolean }) {
  const { fetcher, answer, busy } = useStepAnswer('checkout-billing-same', (a) => a.intent === 'billing-same');
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, answer);
  // The tick as the shopper left it, until the server's answer (or a refusal) replaces it.
  const [local, setLocal] = useState<boolean | null>(null);
  const [settled, setSettled] = useState({ same, answer });
  if (settled.same !== same || settled.answer !== answer) {
    setSettled({ same, answer });
    setLocal(null);
  }
  const pending = fetcher.formData?.get(STEP_FIELDS.billingSame);
  const checked = typeof pending === 'string' ? pending === 'on' : (local ?? same);
  return (
    <fetcher.Form ref={formRef} method="post" className="mt-4" data-checkout-form="billing-same">
      <input type="hidden" name={STEP_FIELDS.intent} value="billing-same" />
      <ScriptFlag />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-ink select-none">
          <input
            type="checkbox"
            name={STEP_FIELDS.billingSame}
            checked={checked}
            onChange={(e) => {
              if (!hydrated) return;
              setLocal(e.target.checked);
              void fetcher.submit(
                {
                  [STEP_FIELDS.intent]: 'billing-same',
                  [STEP_FIELDS.billingSame]: e.target.checked ? 'on' : 'off',
                  [JS_FIELD]: '1',
                },
                { method: 'post' },
              );
            }}
            className="size-5 shrink-0 rounded border-ink/30 accent-[var(--sf-primary)]"
          />
          Billing address same as shipping
        </label>
        {busy && <Spinner className="size-4 text-muted" />}
        {!hydrated && (
          <button type="submit" className="btn btn-outline h-11 px-5">
            Update billing address
          </button>
        )}
      </div>
      {answer && !answer.ok && (
        <p role="alert" tabIndex={-1} className="mt-2 text-sm font-medium text-red-700 outline-none">
          {answer.message}
        </p>
      )}
    </fetcher.Form>
  );
}
