import type { Cart } from '@shopfront/shared';
import { FieldFrame, describedBy, inputBorder, inputClass } from '../../../components/ui/field';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { STEP_FIELDS, STEP_TARGETS } from './address-view';

/**
 * The buyer's GSTIN for a business tax invoice (issue 26), India's shops only: folded away under
 * "Add a GSTIN for a business invoice" (a plain <details>, so it opens without JavaScript too),
 * open while the cart has one or the step's refusal has something to say about it. Part of the
 * step's one form, saved by Continue; emptying both fields removes it.
 */
export function BuyerGstin({
  cart,
  values,
  errors,
}: {
  cart: Pick<Cart, 'buyer_gstin' | 'buyer_business_name'>;
  values: Record<string, string> | null;
  errors: Record<string, string>;
}) {
  const gstin = values ? (values[STEP_FIELDS.gstin] ?? '') : (cart.buyer_gstin ?? '');
  const name = values ? (values[STEP_FIELDS.businessName] ?? '') : (cart.buyer_business_name ?? '');
  const gstinError = errors[STEP_FIELDS.gstin];
  const nameError = errors[STEP_FIELDS.businessName];
  const open = Boolean(gstin || name || gstinError || nameError);
  const gstinHint = 'Printed on your tax invoice so you can claim input tax credit.';
  return (
    <details open={open} className="group mt-4 border-t border-ink/10 pt-2" data-buyer-gstin>
      <summary className="-mx-1 flex min-h-11 w-fit cursor-pointer list-none items-center gap-2 rounded-lg px-1 text-sm font-medium text-primary underline-offset-2 hover:underline [&::-webkit-details-marker]:hidden">
        Add a GSTIN for a business invoice
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <FieldFrame
          id={STEP_TARGETS.gstin}
          label={
            <>
              GSTIN <span className="text-xs font-normal text-muted">(for a business invoice)</span>
            </>
          }
          error={gstinError}
          hint={gstinHint}
        >
          <input
            id={STEP_TARGETS.gstin}
            name={STEP_FIELDS.gstin}
            defaultValue={gstin}
            placeholder="29ABCDE1234F1ZW"
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={gstinError ? true : undefined}
            aria-describedby={describedBy(STEP_TARGETS.gstin, gstinError, gstinHint)}
            className={`${inputClass} ${inputBorder(gstinError)} font-mono tracking-wide uppercase placeholder:normal-case`}
          />
        </FieldFrame>
        <FieldFrame
          id={STEP_TARGETS.businessName}
          label="Business name"
          error={nameError}
          hint="As registered for GST."
        >
          <input
            id={STEP_TARGETS.businessName}
            name={STEP_FIELDS.businessName}
            defaultValue={name}
            maxLength={120}
            autoComplete="organization"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={describedBy(STEP_TARGETS.businessName, nameError, true)}
            className={`${inputClass} ${inputBorder(nameError)}`}
          />
        </FieldFrame>
      </div>
    </details>
  );
}
