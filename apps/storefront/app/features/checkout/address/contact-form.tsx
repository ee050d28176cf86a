import { useId, useRef } from 'react';
import type { Cart } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder, inputClass } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useShop } from '../../../lib/shop';
import { ScriptFlag } from '../../cart/cart-line';
import { CONSENT_FIELD, CONSENT_OFFERED_FIELD } from '../contact-fields';
import { STEP_TARGETS } from './address-view';
import { useFocusOnRefusal, useStepAnswer } from './step-form';

/** The plugins row of the abandoned-cart reminder (ABANDONED_CART.moduleName; its module brings zod along). */
const REMINDER_PLUGIN = 'AbandonedCart';

/**
 * The order's contact (update-contact): e-mail and phone, "(optional)" unless the shop requires
 * it (order_email_mandatory, order_sms_mandatory), and the consent to one cart reminder while the
 * AbandonedCart plugin is installed. Sending it empty over an empty contact saves nothing, and
 * says so instead of "saved".
 */
export function ContactForm({ cart }: { cart: Cart }) {
  const { settings, account, plugins } = useShop();
  const { fetcher, answer, busy } = useStepAnswer('checkout-contact', (a) => a.intent === 'contact');
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnRefusal(formRef, answer);
  const id = useId();
  const failed = answer && !answer.ok ? answer : null;
  const values = failed ? failed.values : {};
  const errors = failed ? failed.errors : {};
  const email = values.email ?? cart.email ?? account?.email ?? '';
  const phone = values.phone ?? cart.phone ?? account?.phone ?? '';
  // Consent to the one reminder: asked only while the plugin is installed, unticked until given.
  const offerReminder = plugins.some((p) => p.module_name === REMINDER_PLUGIN);
  const consent = failed ? values[CONSENT_FIELD] !== undefined : cart.marketing_consent;
  const err = (k: string) => errors[k]?.[0];
  const optional = <span className="ml-1.5 text-xs font-normal text-muted">(optional)</span>;
  return (
    <fetcher.Form ref={formRef} method="post" noValidate className="mt-5 space-y-4" data-checkout-form="contact">
      <input type="hidden" name="intent" value="contact" />
      <ScriptFlag />
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame
          id={STEP_TARGETS.email}
          label={<>Email{!settings.order_email_mandatory && optional}</>}
          error={err('email')}
        >
          <input
            id={STEP_TARGETS.email}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={email}
            aria-invalid={err('email') ? true : undefined}
            aria-describedby={describedBy(STEP_TARGETS.email, err('email'))}
            className={`${inputClass} ${inputBorder(err('email'))}`}
          />
        </FieldFrame>
        <FieldFrame
          id={STEP_TARGETS.phone}
          label={<>Phone{!settings.order_sms_mandatory && optional}</>}
          error={err('phone')}
        >
          <input
            id={STEP_TARGETS.phone}
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            defaultValue={phone}
            aria-invalid={err('phone') ? true : undefined}
            aria-describedby={describedBy(STEP_TARGETS.phone, err('phone'))}
            className={`${inputClass} ${inputBorder(err('phone'))}`}
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
            One message at most, sent to the email or phone above. Untick and save to change your mind.
          </p>
        </div>
      )}
      {failed && Object.keys(failed.errors).length === 0 && (
        <p role="alert" tabIndex={-1} className="text-sm font-medium text-red-700 outline-none">
          {failed.message}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" disabled={busy} className="btn btn-outline h-11 px-5">
          {busy && <Spinner />}
          Save contact
        </button>
        {answer?.ok && answer.message && (
          <span role="status" className="text-sm font-medium text-emerald-700">
            {answer.message}
          </span>
        )}
      </div>
    </fetcher.Form>
  );
}
