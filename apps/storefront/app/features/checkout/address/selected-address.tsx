import type { ReactNode } from 'react';
import type { Address } from '@shopfront/shared';
import { shownAddress } from '../../addresses/address-mapping';
import { SLOT_FIELDS, slotField, type AddressSlot } from './address-view';
import { SlotMessage } from './slot-message';
import { smallAction, type ViewControl } from './view-control';

/**
 * The selected view: the chosen saved address as a card, with Change (Select Address) and Edit,
 * and the message about it when the server's check refuses it (a field it lacks, a place not
 * served).
 */
export function SelectedAddress({
  slot,
  address,
  viewInput,
  control,
  message,
}: {
  slot: AddressSlot;
  address: Address;
  viewInput: ReactNode;
  control: ViewControl;
  message: string | undefined;
}) {
  const shown = shownAddress(address);
  const type = slot.toLowerCase();
  return (
    <>
      {viewInput}
      <input type="hidden" name={slotField(slot, SLOT_FIELDS.addressId)} value={address.id} />
      <div
        className="rounded-xl border border-emerald-600/30 bg-emerald-50/70 px-4 py-3 text-sm"
        data-testid={slot === 'Shipping' ? 'shipping-on-cart' : 'billing-on-cart'}
        data-address-id={address.id}
      >
        <div
          tabIndex={-1}
          data-view-focus
          className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        >
          <p className="font-medium text-emerald-800">{slot === 'Shipping' ? 'Delivering to' : 'Billing to'}</p>
          <p className="mt-1 font-semibold break-words">{shown.name}</p>
          <p className="break-words text-ink/80">{shown.lines.join(', ')}</p>
          {shown.phone && <p className="mt-0.5 text-muted">{shown.phone}</p>}
        </div>
        <div className="mt-1 -ml-4 flex flex-wrap items-center">
          {control({ mode: 'select' }, smallAction, 'Change', `Change the ${type} address`)}
          {control({ mode: 'edit', id: address.id }, smallAction, 'Edit', `Edit this ${type} address`)}
        </div>
      </div>
      <SlotMessage message={message} />
    </>
  );
}
