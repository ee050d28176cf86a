import { useId } from 'react';
import type { Cart } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder, inputClass } from '../../../components/ui/field';
import { useShop } from '../../../lib/shop';
import { CONSENT_FIELD, CONSENT_OFFERED_FIELD } from '../contact-fields';
import { STEP_TARGETS } from './address-view';

/** The plugins row of the abandoned-cart reminder (ABANDONED_CART.moduleName; its module brings zod along). */
const REMINDER_PLUGIN = 'AbandonedCart';

/**
 * The order's contact, asked once for the whole step: e-mail and phone (the delivery address
 * takes them too), "(optional)" unless the shop or the address needs it, and the consent to one
 * cart reminder while the AbandonedCart plugin is installed. Part of the step's one form: saved
 * by Continue (update-contact).
 */
export function ContactFields({
  cart,
  values,
  errors,
  phoneRequired,
  emailRequired,
}: {
  cart: Cart;
  /** What was typed, after a refusal. */
  values: Record<string, string> | null;
  errors: Record<string, string>;
  phoneRequired: boolean;
  emailRequired: boolean;
}) {
  const { account, plugins } = useShop();
  const id = useId();
  const email = values ? (values.email ?? '') : (cart.email ?? account?.email ?? '');
  const phone = values ? (values.phone ?? '') : (cart.phone ?? account?.phone ?? '');
  const offerReminder = plugins.some((p) => p.module_name === REMINDER_PLUGIN);
  const consent = values ? values[CONSENT_FIELD] !== undefined : cart.marketing_consent;
  const optional = <span className="ml-1.5 text-xs font-normal text-muted">(optional)</span>;
  return (
    <div className="mt-4 space-y-4" data-checkout-part="contact">
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame
          id={STEP_TARGETS.email}
          label={<>Email{!emailRequired && optional}</>}
          error={errors.email}
          hint="For your order confirmation."
        >
          <input
            id={STEP_TARGETS.email}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy(STEP_TARGETS.email, errors.email, true)}
            className={`${inputClass} ${inputBorder(errors.email)}`}
          />
        </FieldFrame>
        <FieldFrame
          id={STEP_TARGETS.phone}
          label={<>Phone{!phoneRequired && optional}</>}
          error={errors.phone}
          hint="For delivery updates; the courier calls it too."
        >
          <input
            id={STEP_TARGETS.phone}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            defaultValue={phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={describedBy(STEP_TARGETS.phone, errors.phone, true)}
            className={`${inputClass} ${inputBorder(errors.phone)}`}
          />
        </FieldFrame>
      </div>
      {offerReminder && (
        <div>
          <input type="hidden" name={CONSENT_OFFERED_FIELD} value="1" />
          <label className="flex cursor-pointer items-start gap-3 py-3 text-sm text-ink select-none">
            <input
              type="checkbox"
              name={CONSENT_FIELD}
              defaultChecked={consent}
              aria-describedby={`${id}-consent-hint`}
              className="size-5 shrink-0 rounded border-ink/30 accent-[var(--sf-primary)]"
              data-testid="reminder-consent"
            />
            <span>Send me one reminder about this cart if I don’t finish my order</span>
          </label>
          <p id={`${id}-consent-hint`} className="-mt-2 pl-8 text-xs text-muted">
            One message at most, sent to the email or phone above.
          </p>
        </div>
      )}
    </div>
  );
}
