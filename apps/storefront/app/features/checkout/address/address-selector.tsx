import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AddressFormView } from './address-form-view';
import {
  SLOT_FIELDS,
  SLOT_PREFIX,
  VIEW_PARAM,
  fittingView,
  offeredAddresses,
  parseView,
  savedOnCart,
  slotEntries,
  slotField,
  viewValue,
  type AddressSelectorProps,
  type SelectorView,
} from './address-view';
import { SelectList } from './select-list';
import { SelectedAddress } from './selected-address';
import { useViewControl } from './view-control';

/**
 * Spec section 2, "Address selector", for the shipping or the billing address, as a part of the
 * step's one form (Continue saves whatever view is open):
 * - no saved addresses (a guest, a customer with none): the address form;
 * - otherwise the selected address, with Change (and Edit);
 * - Change opens Select Address (radios); picking another shows Use selected address and
 *   Cancel, which return to the selected view;
 * - Edit opens Edit Address, Add opens Add Address (saved with Save Address, or with Continue),
 *   each with the default-address input; their Cancel returns to the selector.
 * With JavaScript the views change in place; without it each view is the page with
 * `?shipping=…` / `?billing=…`, and Use selected address / Save Address post the form and come
 * back here.
 */
export function AddressSelector(props: AddressSelectorProps) {
  const { slot, customer, book, onCart, values, errors } = props;
  const [params] = useSearchParams();
  const p = SLOT_PREFIX[slot];
  const field = (name: string) => slotField(slot, name);
  // Spec section 4: the address on the cart, else the default one of this type.
  const saved =
    savedOnCart(book, onCart) ?? (onCart ? null : (book.find((a) => a.address_type === slot && a.default) ?? null));
  const [chosen, setChosen] = useState<SelectorView | null>(
    () => parseView(params.get(VIEW_PARAM[slot])) ?? parseView(values?.[field(SLOT_FIELDS.view)] ?? null),
  );
  // The saved address the selected view shows: the one picked (Use selected address), else the cart's.
  const [picked, setPicked] = useState<number | null>(() => {
    const id = Number(values?.[field(SLOT_FIELDS.addressId)] ?? '');
    return Number.isInteger(id) && id > 0 ? id : null;
  });
  const shownSaved = (picked !== null ? book.find((a) => a.id === picked) : null) ?? saved;
  const view = fittingView(chosen, { book, hasSaved: shownSaved !== null, customer });
  const { rootRef, open, control } = useViewControl(slot, setChosen);
  const slotMessage = errors[p];
  const slotErrors = slotEntries(errors, p);
  const viewInput = <input type="hidden" name={field(SLOT_FIELDS.view)} value={viewValue(view)} />;

  return (
    <div ref={rootRef} data-address-selector={slot} data-view={view.mode} className="mt-4">
      {view.mode === 'select' ? (
        <SelectList
          slot={slot}
          offered={offeredAddresses(book, slot)}
          currentId={shownSaved?.id ?? null}
          viewInput={viewInput}
          message={slotMessage}
          control={control}
          onUse={(id) => {
            setPicked(id);
            open({ mode: 'selected' });
          }}
        />
      ) : view.mode === 'selected' ? (
        // fittingView shows this view only with a saved address to show.
        shownSaved && (
          <SelectedAddress
            slot={slot}
            address={shownSaved}
            viewInput={viewInput}
            control={control}
            message={slotMessage ?? Object.values(slotErrors)[0]}
          />
        )
      ) : (
        <AddressFormView
          {...props}
          view={view}
          editing={view.mode === 'edit' ? (book.find((a) => a.id === view.id) ?? null) : null}
          errors={slotErrors}
          message={slotMessage}
          viewInput={viewInput}
          control={control}
        />
      )}
    </div>
  );
}
