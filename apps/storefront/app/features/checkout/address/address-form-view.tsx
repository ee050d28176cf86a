import { useId, type ReactNode } from 'react';
import type { Address } from '@shopfront/shared';
import { addressFormValues } from '../../addresses/address-mapping';
import {
  ASKED_IN_CONTACT,
  SLOT_FIELDS,
  SLOT_PREFIX,
  STEP_FIELDS,
  slotEntries,
  slotField,
  viewValue,
  type AddressSelectorProps,
  type SelectorView,
} from './address-view';
import { SlotMessage } from './slot-message';
import { TypedAddressFields } from './typed-address-fields';
import type { ViewControl } from './view-control';

type FormView = Extract<SelectorView, { mode: 'form' | 'add' | 'edit' }>;

export interface AddressFormViewProps extends Omit<AddressSelectorProps, 'errors'> {
  view: FormView;
  /** The saved address Edit Address changes. */
  editing: Address | null;
  /** The slot's messages by column. */
  errors: Record<string, string>;
  message: string | undefined;
  viewInput: ReactNode;
  control: ViewControl;
}

/**
 * The typed views of a selector: the address form (a guest, a customer without saved addresses)
 * and a customer's Add Address and Edit Address, which have a title, the default-address input,
 * Cancel and Save Address. They start from what was typed when Continue was refused in this very
 * view, else from the address edited (or the typed one on the cart), else empty in the shop's
 * country.
 */
export function AddressFormView(props: AddressFormViewProps) {
  const { slot, view, editing, customer, onCart, values, errors, message, viewInput } = props;
  const p = SLOT_PREFIX[slot];
  const refused = values && values[slotField(slot, SLOT_FIELDS.view)] === viewValue(view) ? values : null;
  const initial = refused
    ? slotEntries(refused, p)
    : editing
      ? addressFormValues(editing)
      : view.mode === 'form' && onCart
        ? addressFormValues(onCart)
        : { country_id: props.defaultCountryId === null ? '' : String(props.defaultCountryId) };
  const fields = (
    <TypedAddressFields
      key={`${viewValue(view)}-${refused ? 'refused' : 'fresh'}`}
      prefix={p}
      idBase={`checkout-${p}`}
      fields={props.fieldsByType[slot]}
      countries={props.countries}
      initial={initial}
      errors={errors}
      // The contact's phone and e-mail go with a new address; a saved one keeps its own.
      omit={editing ? [] : ASKED_IN_CONTACT}
    />
  );
  if (view.mode === 'form') {
    return (
      <div className="space-y-4">
        {viewInput}
        <SlotMessage message={message} />
        {fields}
        {customer && (
          <p className="text-xs text-muted">It is saved to your addresses too, ready for your next order.</p>
        )}
      </div>
    );
  }
  return (
    <BookAddressForm {...props} refused={refused}>
      {fields}
    </BookAddressForm>
  );
}

/** Add Address, Edit Address: the fields under a title, the default-address input, Cancel and Save Address. */
function BookAddressForm({
  slot,
  view,
  editing,
  book,
  refused,
  message,
  viewInput,
  control,
  children,
}: AddressFormViewProps & { refused: Record<string, string> | null; children: ReactNode }) {
  const titleId = `${useId()}-form-title`;
  const type = editing?.address_type ?? slot;
  // The default cannot be switched off here, only moved: a type with addresses always has one.
  const locked = Boolean(editing?.default) || !book.some((a) => a.address_type === type && a.id !== editing?.id);
  const makeDefault = slotField(slot, SLOT_FIELDS.makeDefault);
  return (
    <div role="group" aria-labelledby={titleId} className="space-y-4" data-address-form={view.mode}>
      {viewInput}
      <h3 id={titleId} tabIndex={-1} data-view-focus className="text-base font-semibold outline-none">
        {editing ? 'Edit Address' : 'Add Address'}
      </h3>
      <SlotMessage message={message} />
      {children}
      <div>
        {locked && <input type="hidden" name={makeDefault} value="on" />}
        <label className={`flex min-h-11 items-center gap-3 text-sm ${locked ? '' : 'cursor-pointer'}`}>
          <input
            type="checkbox"
            name={locked ? undefined : makeDefault}
            defaultChecked={locked || (refused ? refused[makeDefault] !== undefined : false)}
            disabled={locked}
            className="size-5 rounded border-ink/30 accent-[var(--sf-primary)] disabled:opacity-70"
          />
          Use as my default {type.toLowerCase()} address
        </label>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {control({ mode: 'select' }, 'btn btn-outline h-11 px-5', 'Cancel')}
        <button type="submit" name={STEP_FIELDS.intent} value="stay" className="btn btn-outline h-11 px-5">
          Save Address
        </button>
      </div>
    </div>
  );
}
