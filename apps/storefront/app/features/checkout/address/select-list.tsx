import { useState, type ReactNode } from 'react';
import type { Address } from '@shopfront/shared';
import { useHydrated } from '../../../lib/use-hydrated';
import { shownAddress } from '../../addresses/address-mapping';
import { SLOT_FIELDS, STEP_FIELDS, STEP_TARGETS, slotField, type AddressSlot } from './address-view';
import { SlotMessage } from './slot-message';
import { smallAction, type ViewControl } from './view-control';

/** Select Address: the saved addresses as radios; Use selected address once another is picked. */
export function SelectList({
  slot,
  offered,
  currentId,
  viewInput,
  message,
  control,
  onUse,
}: {
  slot: AddressSlot;
  offered: Address[];
  currentId: number | null;
  viewInput: ReactNode;
  message: string | undefined;
  control: ViewControl;
  onUse: (id: number) => void;
}) {
  const hydrated = useHydrated();
  const [pick, setPick] = useState<number | null>(currentId);
  const changed = pick !== null && pick !== currentId;
  const id = STEP_TARGETS[slot];
  return (
    <div className="space-y-4">
      {viewInput}
      <fieldset aria-describedby={message ? `${id}-select-error` : undefined}>
        <legend>
          <h3 tabIndex={-1} data-view-focus className="text-base font-semibold outline-none">
            Select Address
          </h3>
        </legend>
        <ul className="mt-3 grid gap-3 lg:grid-cols-2">
          {offered.map((a) => {
            const shown = shownAddress(a);
            return (
              <li
                key={a.id}
                className="relative rounded-xl border border-ink/15 transition-colors has-[:checked]:border-primary has-[:checked]:bg-primary/[0.04] has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40"
                data-address-id={a.id}
              >
                <label className="flex min-h-11 cursor-pointer gap-3 p-4 pr-20 text-sm">
                  <input
                    type="radio"
                    name={slotField(slot, SLOT_FIELDS.addressId)}
                    value={a.id}
                    defaultChecked={a.id === currentId}
                    onChange={() => setPick(a.id)}
                    className="mt-0.5 size-5 shrink-0 accent-[var(--sf-primary)]"
                  />
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="font-semibold break-words">{shown.name}</span>
                      {a.default && a.address_type === slot && (
                        <span className="rounded-full bg-primary px-2 py-0.5 text-[11px] font-semibold tracking-wide text-on-primary uppercase">
                          Default
                        </span>
                      )}
                      {a.address_type !== slot && (
                        <span className="rounded-full bg-ink/[0.07] px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase">
                          {a.address_type}
                        </span>
                      )}
                    </span>
                    <span className="mt-1 block break-words text-ink/80">{shown.lines.join(', ')}</span>
                    {shown.phone && <span className="mt-0.5 block text-muted">{shown.phone}</span>}
                  </span>
                </label>
                <div className="absolute top-1.5 right-1.5">
                  {control(
                    { mode: 'edit', id: a.id },
                    smallAction,
                    'Edit',
                    `Edit the address of ${shown.name}, ${shown.lines[0] ?? ''}`,
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {message && (
        <div id={`${id}-select-error`}>
          <SlotMessage message={message} />
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {hydrated ? (
          changed && (
            <button type="button" onClick={() => onUse(pick)} className="btn btn-primary h-11 px-5">
              Use selected address
            </button>
          )
        ) : (
          <button type="submit" name={STEP_FIELDS.intent} value="stay" className="btn btn-outline h-11 px-5">
            Use selected address
          </button>
        )}
        {currentId !== null && control({ mode: 'selected' }, 'btn btn-outline h-11 px-5', 'Cancel')}
        {control({ mode: 'add' }, 'btn btn-outline h-11 px-5 sm:ml-auto', '+ Add a new address')}
      </div>
    </div>
  );
}
