import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Address, AddressFieldsByType, Country } from '@shopfront/shared';
import { AlertIcon } from '../../../components/ui/icons';
import { useHydrated } from '../../../lib/use-hydrated';
import { shownAddress } from '../../orders/order-view';
import {
  ASKED_IN_CONTACT,
  SLOT_FIELDS,
  SLOT_PREFIX,
  STEP_FIELDS,
  STEP_TARGETS,
  VIEW_PARAM,
  formValuesOf,
  offeredAddresses,
  parseView,
  restingView,
  savedOnCart,
  slotField,
  viewHref,
  viewValue,
  type AddressSlot,
  type SelectorView,
} from './address-view';
import { TypedAddressFields } from './typed-address-fields';

export interface AddressSelectorProps {
  slot: AddressSlot;
  /** Signed in: has an address book (may be empty). */
  customer: boolean;
  /** The customer's saved addresses, both types. */
  book: readonly Address[];
  /** The cart's address of this slot (billing: only while it is not the shipping address). */
  onCart: Address | null;
  fieldsByType: AddressFieldsByType;
  countries: readonly Country[];
  /** The shop's country: preselected in a new address. */
  defaultCountryId: number | null;
  /** After a refused Continue: what was typed, and the messages by field. */
  values: Record<string, string> | null;
  errors: Record<string, string>;
}

const smallAction =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-4 text-sm font-semibold text-ink underline decoration-ink/30 underline-offset-4 hover:bg-ink/5 hover:decoration-ink focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:outline-none';

/** The start of a view the shopper just opened: its title, else its first field. */
function focusView(root: HTMLElement | null) {
  const target =
    root?.querySelector<HTMLElement>('[data-view-focus]') ??
    root?.querySelector<HTMLElement>('input:not([type=hidden]), select');
  target?.focus();
}

/** A message about the slot as a whole ('Shipping address is empty', the server's check). */
function SlotMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      className="mt-4 flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 outline-none"
      data-field-error
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}

/** The chosen saved address as a card, with Change (and Edit). */
function SelectedAddress({ slot, address, actions }: { slot: AddressSlot; address: Address; actions: ReactNode }) {
  const shown = shownAddress(address);
  return (
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
      <div className="mt-1 -ml-4 flex flex-wrap items-center">{actions}</div>
    </div>
  );
}

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
export function AddressSelector({
  slot,
  customer,
  book,
  onCart,
  fieldsByType,
  countries,
  defaultCountryId,
  values,
  errors,
}: AddressSelectorProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [params] = useSearchParams();
  const uid = useId();
  const rootRef = useRef<HTMLDivElement>(null);
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

  let view = chosen ?? restingView(book.length, shownSaved !== null);
  // A view that does not fit what there is (a stale link, an address gone) falls back.
  if (view.mode === 'selected' && !shownSaved) view = restingView(book.length, false);
  if ((view.mode === 'select' || view.mode === 'selected') && book.length === 0) view = { mode: 'form' };
  if (view.mode === 'add' && !customer) view = { mode: 'form' };
  if (view.mode === 'edit' && !book.some((a) => a.id === (view as { id: number }).id)) {
    view = restingView(book.length, shownSaved !== null);
  }

  const open = (next: SelectorView | null) => {
    requestAnimationFrame(() => focusView(rootRef.current));
    setChosen(next);
  };
  /** Moves to another view: a button with JavaScript, a link to the page with the view in its query without. */
  const control = (next: SelectorView | null, className: string, children: ReactNode, label?: string) =>
    hydrated ? (
      <button type="button" onClick={() => open(next)} className={className} aria-label={label}>
        {children}
      </button>
    ) : (
      <Link
        to={viewHref(location.search, slot, next)}
        replace
        preventScrollReset
        className={className}
        aria-label={label}
      >
        {children}
      </Link>
    );
  const errorsOf = (prefix: string) => {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(errors)) if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
    return out;
  };
  const slotMessage = errors[p];
  const viewInput = <input type="hidden" name={field(SLOT_FIELDS.view)} value={viewValue(view)} />;

  let body: ReactNode;
  if (view.mode === 'selected' && shownSaved) {
    body = (
      <>
        {viewInput}
        <input type="hidden" name={field(SLOT_FIELDS.addressId)} value={shownSaved.id} />
        <SelectedAddress
          slot={slot}
          address={shownSaved}
          actions={
            <>
              {control({ mode: 'select' }, smallAction, 'Change', `Change the ${slot.toLowerCase()} address`)}
              {control(
                { mode: 'edit', id: shownSaved.id },
                smallAction,
                'Edit',
                `Edit this ${slot.toLowerCase()} address`,
              )}
            </>
          }
        />
        {/* A saved address the server's check refuses (a field it lacks, a place not served). */}
        <SlotMessage message={slotMessage ?? Object.values(errorsOf(p))[0]} />
      </>
    );
  } else if (view.mode === 'select') {
    body = (
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
    );
  } else {
    const editing = view.mode === 'edit' ? (book.find((a) => a.id === (view as { id: number }).id) ?? null) : null;
    const refused = values && values[field(SLOT_FIELDS.view)] === viewValue(view);
    const initial = refused
      ? Object.fromEntries(
          Object.entries(values)
            .filter(([k]) => k.startsWith(`${p}.`))
            .map(([k, v]) => [k.slice(p.length + 1), v]),
        )
      : editing
        ? formValuesOf(editing)
        : view.mode === 'form' && onCart
          ? formValuesOf(onCart)
          : { country_id: defaultCountryId === null ? '' : String(defaultCountryId) };
    const fields = (
      <TypedAddressFields
        key={`${viewValue(view)}-${refused ? 'refused' : 'fresh'}`}
        prefix={p}
        idBase={`checkout-${p}`}
        fields={fieldsByType[slot]}
        countries={countries}
        initial={initial}
        errors={errorsOf(p)}
        // The contact's phone and e-mail go with a new address; a saved one keeps its own.
        omit={editing ? [] : ASKED_IN_CONTACT}
      />
    );
    if (view.mode === 'form') {
      body = (
        <div className="space-y-4">
          {viewInput}
          <SlotMessage message={slotMessage} />
          {fields}
          {customer && (
            <p className="text-xs text-muted">It is saved to your addresses too, ready for your next order.</p>
          )}
        </div>
      );
    } else {
      const title = editing ? 'Edit Address' : 'Add Address';
      const type = editing?.address_type ?? slot;
      const locked = Boolean(editing?.default) || !book.some((a) => a.address_type === type && a.id !== editing?.id);
      const titleId = `${uid}-form-title`;
      const makeDefault = field(SLOT_FIELDS.makeDefault);
      body = (
        <div role="group" aria-labelledby={titleId} className="space-y-4" data-address-form={view.mode}>
          {viewInput}
          <h3 id={titleId} tabIndex={-1} data-view-focus className="text-base font-semibold outline-none">
            {title}
          </h3>
          <SlotMessage message={slotMessage} />
          {fields}
          <div>
            {locked && <input type="hidden" name={makeDefault} value="on" />}
            <label className={`flex min-h-11 items-center gap-3 text-sm ${locked ? '' : 'cursor-pointer'}`}>
              <input
                type="checkbox"
                name={locked ? undefined : makeDefault}
                defaultChecked={locked || (refused ? values[makeDefault] !== undefined : false)}
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
  }

  return (
    <div ref={rootRef} data-address-selector={slot} data-view={view.mode} className="mt-4">
      {body}
    </div>
  );
}

/** Select Address: the saved addresses as radios; Use selected address once another is picked. */
function SelectList({
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
  control: (next: SelectorView | null, className: string, children: ReactNode, label?: string) => ReactNode;
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
