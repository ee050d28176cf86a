import { useId } from 'react';
import { AlertIcon } from '../../../components/ui/icons';
import { JS_FIELD } from '../../cart/cart-view';
import { PAYMENT_MODE_FIELD, PLACE_ORDER_FORM_ID, SHIPPING_MODE_FIELD, type StepOption } from '../payment-view';
import { useStepAnswer } from './use-step-answer';

/**
 * One choice of the cart (delivery or payment option) as a radio group. Its radios belong to the
 * Place order form, which posts them without JavaScript (no Save button of their own); with
 * JavaScript a change is saved at once.
 */
export function OptionGroup({
  intent,
  legend,
  options,
  chosen,
  prompt,
  placeError,
}: {
  intent: 'shipping' | 'payment';
  legend: string;
  options: StepOption[];
  chosen: string | null;
  /** Said (quietly) while nothing is chosen; the spec's 'is empty' error comes from placing the order. */
  prompt: string;
  /** Place order's refusal of this choice ('Shipping Method is empty', an option no longer offered). */
  placeError: string | null;
}) {
  const { fetcher, answer, busy } = useStepAnswer(intent);
  const id = useId();
  const pending = fetcher.formData?.get('mode');
  const selected = typeof pending === 'string' ? pending : chosen;
  const error = (answer && !answer.ok ? (answer.errors.mode?.[0] ?? answer.message) : null) ?? placeError;
  const note = error ?? (selected ? null : prompt);
  const save = (mode: string) => void fetcher.submit({ intent, mode, [JS_FIELD]: '1' }, { method: 'post' });
  return (
    <div data-checkout-form={intent} className="mt-4">
      {/* min-w-0: a fieldset is never narrower than its content otherwise (and overflows at 320 px). */}
      <fieldset className="min-w-0" aria-describedby={note ? `${id}-note` : undefined} aria-busy={busy || undefined}>
        <legend className="sr-only">{legend}</legend>
        {options.length === 0 ? (
          <p className="text-sm text-muted">No option is available for this address.</p>
        ) : (
          <div className="grid gap-3">
            {options.map((o) => (
              <label
                key={o.code}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-ink/15 px-4 py-3 text-sm transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/[0.04] has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40"
              >
                <input
                  type="radio"
                  form={PLACE_ORDER_FORM_ID}
                  name={intent === 'shipping' ? SHIPPING_MODE_FIELD : PAYMENT_MODE_FIELD}
                  value={o.code}
                  // Uncontrolled: arrowing through the group keeps focus and saves each choice.
                  defaultChecked={o.code === chosen}
                  onChange={(e) => e.currentTarget.checked && save(o.code)}
                  className="size-4.5 shrink-0 accent-[var(--sf-primary)]"
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{o.name}</span>
                  {o.description && <span className="mt-0.5 block text-muted">{o.description}</span>}
                </span>
                {o.price && <span className="shrink-0 font-semibold tabular-nums">{o.price}</span>}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {note && (
        <p
          id={`${id}-note`}
          role={error ? 'alert' : undefined}
          className={`mt-3 flex items-start gap-2 text-sm ${error ? 'font-medium text-red-700' : 'text-muted'}`}
          data-testid={`${intent}-missing`}
          data-field-error={error ? true : undefined}
        >
          {error && <AlertIcon className="mt-0.5 size-4 shrink-0" />}
          {note}
        </p>
      )}
    </div>
  );
}
