import { Suspense, lazy, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Address, AddressFieldsByType, Country } from '@shopfront/shared';
import { AlertIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useHydrated } from '../../../lib/use-hydrated';
import { ScriptFlag } from '../../cart/cart-line';
import { JS_FIELD } from '../../cart/cart-view';
import { shownAddress } from '../../orders/order-view';
import {
  STEP_FIELDS,
  VIEW_PARAM,
  formValuesOf,
  offeredAddresses,
  parseView,
  restingView,
  savedOnCart,
  viewHref,
  type AddressSlot,
  type AddressStepResult,
  type SelectorView,
} from './address-view';
import { useFocusOnRefusal, useStepAnswer } from './step-form';
import { TypedAddressFields } from './typed-address-fields';

/**
 * The address book's own form (client-side checks with the contract's schema, so it brings zod):
 * loaded when a customer's selector first shows, not with the page.
 */
const loadAddressForm = () => import('../../addresses/address-form');
const AddressForm = lazy(() => loadAddressForm().then((m) => ({ default: m.AddressForm })));

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
}

const TEXT: Record<AddressSlot, { onCart: string; submitTyped: string; form: string }> = {
  Shipping: { onCart: 'Delivering to', submitTyped: 'Deliver to this address', form: 'new-address' },
  Billing: { onCart: 'Billing to', submitTyped: 'Use this billing address', form: 'new-billing-address' },
};

/** The start of a view the shopper just opened: its title, else its first field. */
function focusView(root: HTMLElement | null) {
  const target =
    root?.querySelector<HTMLElement>('[data-view-focus]') ??
    root?.querySelector<HTMLElement>('input:not([type=hidden]), select');
  target?.focus();
}

const smallAction =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-4 text-sm font-semibold text-ink underline decoration-ink/30 underline-offset-4 hover:bg-ink/5 hover:decoration-ink focus-visible:ring-2 focus-visible:ring-primary/40 focus-visible:outline-none';

/**
 * Moves the selector to another view: a button with JavaScript, a link to the page with the view
 * in its query without (each view is then its own page, and every form posts to the action).
 */
function ViewControl({
  to,
  onOpen,
  className,
  children,
  label,
}: {
  to: string;
  onOpen: () => void;
  className: string;
  children: ReactNode;
  label?: string;
}) {
  const hydrated = useHydrated();
  return hydrated ? (
    <button type="button" onClick={onOpen} className={className} aria-label={label}>
      {children}
    </button>
  ) : (
    <Link to={to} replace preventScrollReset className={className} aria-label={label}>
      {children}
    </Link>
  );
}

function Refusal({ answer, always = false }: { answer: AddressStepResult | undefined; always?: boolean }) {
  if (!answer || answer.ok) return null;
  // Field errors are shown beside their fields; the message only when nothing else says it.
  if (!always && Object.keys(answer.errors).length > 0) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      className="flex items-start gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 outline-none"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      {answer.message}
    </p>
  );
}

/** The selected view: the address on the cart, with Change (and Edit when it is a saved one). */
function SelectedAddress({
  slot,
  address,
  editable,
  change,
  edit,
  saved,
  mobileCode,
}: {
  slot: AddressSlot;
  address: Address;
  editable: boolean;
  change: ReactNode;
  edit: ReactNode;
  saved: string | null;
  mobileCode: string;
}) {
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
        <p className="font-medium text-emerald-800">{TEXT[slot].onCart}</p>
        <p className="mt-1 font-semibold break-words">{shown.name}</p>
        <p className="break-words text-ink/80">{shown.lines.join(', ')}</p>
        {shown.phone && (
          <p className="mt-0.5 text-muted">
            {mobileCode ? `${mobileCode} ` : ''}
            {shown.phone}
          </p>
        )}
      </div>
      <div className="mt-1 -ml-4 flex flex-wrap items-center">
        {change}
        {editable && edit}
        {saved && (
          <span role="status" className="ml-4 text-sm font-medium text-emerald-700">
            {saved}
          </span>
        )}
      </div>
    </div>
  );
}

/**
 * Spec section 2, "Address selector", for the shipping or the billing address:
 * - no saved addresses (a guest, or a customer with none): the address form;
 * - otherwise the selected address, with Change (and Edit);
 * - Change opens Select Address, the customer's saved addresses as radios; picking another shows
 *   Use selected address (and Cancel), which puts it on the cart (update-address with its id) and
 *   returns to the selected view;
 * - Edit opens Edit Address (address/update/:id, with the default-address input), Add opens Add
 *   Address (address/add, saved with Save Address); either puts the saved address on the cart;
 *   their Cancel returns to the selector.
 * With JavaScript the views change in place and the forms go through one fetcher; without it
 * each view is the page with `?shipping=…` / `?billing=…`, and each form posts and is redirected.
 */
export function AddressSelector({
  slot,
  customer,
  book,
  onCart,
  fieldsByType,
  countries,
  defaultCountryId,
}: AddressSelectorProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const uid = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const { fetcher, answer, busy } = useStepAnswer(
    `checkout-address-${slot}`,
    (a) => (a.intent === 'address' || a.intent === 'save-address') && a.slot === slot,
  );
  const [chosen, setChosen] = useState<SelectorView | null>(() => parseView(params.get(VIEW_PARAM[slot])));
  // An answer already dealt with (the shopper moved on) is not shown again.
  const [dismissed, setDismissed] = useState<AddressStepResult | undefined>(undefined);
  const [seen, setSeen] = useState(answer);
  if (seen !== answer) {
    setSeen(answer);
    // Saved: back to the resting view, which now shows the address on the cart.
    if (answer?.ok && hydrated) setChosen(null);
  }
  const shownAnswer = answer === dismissed ? undefined : answer;
  useFocusOnRefusal(rootRef, shownAnswer);

  const saved = savedOnCart(book, onCart);
  const resting = restingView(customer, book.length, onCart !== null);
  let view = chosen ?? resting;
  // A view that does not fit what there is (a stale link, an address gone) falls back.
  if (view.mode === 'selected' && !onCart) view = resting;
  if ((view.mode === 'select' || view.mode === 'add') && (!customer || book.length === 0)) view = { mode: 'form' };
  if (view.mode === 'edit' && !book.some((a) => a.id === (view as { id: number }).id)) view = resting;

  // The book's form is needed as soon as a customer may press Edit or Add.
  useEffect(() => {
    if (hydrated && customer) void loadAddressForm();
  }, [hydrated, customer]);

  // After a save through the book's form, the selected view takes the focus (the form is gone).
  useEffect(() => {
    if (answer?.ok && hydrated) focusView(rootRef.current);
  }, [answer, hydrated]);

  const rootId = `${uid}-selector`;
  const open = (next: SelectorView | null) => {
    // The view the shopper opened takes the focus once it is on screen.
    requestAnimationFrame(() => focusView(document.getElementById(rootId)));
    setDismissed(answer);
    setChosen(next);
    // A view opened by a link before the page ran: the address bar should not keep it.
    if (params.has(VIEW_PARAM[slot])) {
      setParams(
        (p) => {
          p.delete(VIEW_PARAM[slot]);
          return p;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };
  const control = (next: SelectorView | null, className: string, children: ReactNode, label?: string) => (
    <ViewControl
      to={viewHref(location.search, slot, next)}
      onOpen={() => open(next)}
      className={className}
      {...(label ? { label } : {})}
    >
      {children}
    </ViewControl>
  );
  const hidden = (
    <>
      <input type="hidden" name={STEP_FIELDS.slot} value={slot} />
      <ScriptFlag />
    </>
  );
  const failed = shownAnswer && !shownAnswer.ok ? shownAnswer : undefined;
  const mobileCodeOf = (a: Address) => countries.find((c) => c.id === a.country_id)?.mobile_code ?? '';

  let body: ReactNode;
  if (view.mode === 'selected' && onCart) {
    body = (
      <SelectedAddress
        slot={slot}
        address={onCart}
        editable={customer && saved !== null}
        change={control(
          customer && book.length > 0 ? { mode: 'select' } : { mode: 'form' },
          smallAction,
          'Change',
          `Change the ${slot.toLowerCase()} address`,
        )}
        edit={
          saved &&
          control({ mode: 'edit', id: saved.id }, smallAction, 'Edit', `Edit this ${slot.toLowerCase()} address`)
        }
        saved={shownAnswer?.ok ? shownAnswer.message : null}
        mobileCode={mobileCodeOf(onCart)}
      />
    );
  } else if (view.mode === 'select') {
    body = (
      <SelectList
        slot={slot}
        offered={offeredAddresses(book, slot)}
        currentId={saved?.id ?? null}
        hasCurrent={onCart !== null}
        fetcher={fetcher}
        busy={busy}
        failed={failed}
        hidden={hidden}
        control={control}
        mobileCodeOf={mobileCodeOf}
      />
    );
  } else if (view.mode === 'add' || view.mode === 'edit') {
    const editing = view.mode === 'edit' ? (book.find((a) => a.id === (view as { id: number }).id) ?? null) : null;
    const title = editing ? 'Edit Address' : 'Add Address';
    const titleId = `${uid}-form-title`;
    body = (
      <div aria-labelledby={titleId} role="group" className="space-y-1">
        <h3 id={titleId} tabIndex={-1} data-view-focus className="text-base font-semibold outline-none">
          {title}
        </h3>
        {hydrated ? (
          // The book's form at 44 px tap targets (its type switch and default checkbox are smaller).
          <div className="[&_[role=radiogroup]_label]:inline-flex [&_[role=radiogroup]_label]:min-h-11 [&_[role=radiogroup]_label]:items-center [&_label:has(>input[type=checkbox])]:min-h-11 [&_form]:mt-3">
            <Suspense
              fallback={
                <p className="flex items-center gap-2 py-6 text-sm text-muted">
                  <Spinner /> Loading the form…
                </p>
              }
            >
              <AddressForm
                key={editing?.id ?? `new-${slot}`}
                address={editing}
                type={slot}
                fieldsByType={fieldsByType}
                countries={countries}
                defaultCountryId={defaultCountryId}
                onlyOfType={(t) => !book.some((a) => a.address_type === t && a.id !== editing?.id)}
                onSaved={(a) =>
                  void fetcher.submit(
                    {
                      [STEP_FIELDS.intent]: 'address',
                      [STEP_FIELDS.slot]: slot,
                      [STEP_FIELDS.addressId]: String(a.id),
                      [JS_FIELD]: '1',
                    },
                    { method: 'post' },
                  )
                }
                onCancel={() => open({ mode: 'select' })}
              />
            </Suspense>
            {busy && (
              <p role="status" className="mt-3 flex items-center gap-2 text-sm text-muted">
                <Spinner /> Putting it on your order…
              </p>
            )}
            <div className="mt-3">
              <Refusal answer={failed} always />
            </div>
          </div>
        ) : (
          <PlainBookForm
            slot={slot}
            editing={editing}
            fieldsByType={fieldsByType}
            countries={countries}
            defaultCountryId={defaultCountryId}
            onlyOfType={!book.some((a) => a.address_type === (editing?.address_type ?? slot) && a.id !== editing?.id)}
            fetcher={fetcher}
            failed={failed}
            hidden={hidden}
            cancel={control({ mode: 'select' }, 'btn btn-outline h-11 w-full sm:w-auto', 'Cancel')}
          />
        )}
      </div>
    );
  } else {
    const initial = failed
      ? failed.values
      : onCart
        ? formValuesOf(onCart)
        : { country_id: defaultCountryId === null ? '' : String(defaultCountryId) };
    body = (
      <fetcher.Form method="post" noValidate className="space-y-4" data-checkout-form={TEXT[slot].form}>
        <input type="hidden" name={STEP_FIELDS.intent} value="address" />
        {customer && <input type="hidden" name={STEP_FIELDS.saveToBook} value="1" />}
        {hidden}
        <TypedAddressFields
          key={failed ? 'refused' : (onCart?.id ?? 'new')}
          fields={fieldsByType[slot]}
          countries={countries}
          initial={initial}
          errors={failed?.errors ?? {}}
        />
        {customer && (
          <p className="text-xs text-muted">It is saved to your addresses too, ready for your next order.</p>
        )}
        <Refusal answer={failed} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <button type="submit" disabled={busy} className="btn btn-primary h-11 px-5">
            {busy && <Spinner />}
            {TEXT[slot].submitTyped}
          </button>
          {onCart && control({ mode: 'selected' }, 'btn btn-outline h-11 px-5', 'Cancel')}
        </div>
      </fetcher.Form>
    );
  }

  return (
    <div ref={rootRef} id={rootId} data-address-selector={slot} data-view={view.mode} className="mt-5">
      {body}
    </div>
  );
}

type StepFetcher = ReturnType<typeof useStepAnswer>['fetcher'];

/** Select Address: the saved addresses as radios; Use selected address once another is picked. */
function SelectList({
  slot,
  offered,
  currentId,
  hasCurrent,
  fetcher,
  busy,
  failed,
  hidden,
  control,
  mobileCodeOf,
}: {
  slot: AddressSlot;
  offered: Address[];
  currentId: number | null;
  hasCurrent: boolean;
  fetcher: StepFetcher;
  busy: boolean;
  failed: AddressStepResult | undefined;
  hidden: ReactNode;
  control: (next: SelectorView | null, className: string, children: ReactNode, label?: string) => ReactNode;
  mobileCodeOf: (a: Address) => string;
}) {
  const hydrated = useHydrated();
  const uid = useId();
  const [pick, setPick] = useState<number | null>(currentId);
  const changed = pick !== null && pick !== currentId;
  return (
    <fetcher.Form method="post" className="space-y-4" data-checkout-form={`select-${slot.toLowerCase()}-address`}>
      <input type="hidden" name={STEP_FIELDS.intent} value="address" />
      <input type="hidden" name={STEP_FIELDS.picking} value="1" />
      {hidden}
      <fieldset aria-describedby={failed ? `${uid}-error` : undefined}>
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
                    name={STEP_FIELDS.addressId}
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
                    {shown.phone && (
                      <span className="mt-0.5 block text-muted">
                        {mobileCodeOf(a) ? `${mobileCodeOf(a)} ` : ''}
                        {shown.phone}
                      </span>
                    )}
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
      {failed && (
        <div id={`${uid}-error`}>
          <Refusal answer={failed} always />
        </div>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        {(changed || !hydrated) && (
          <button type="submit" disabled={busy} className="btn btn-primary h-11 px-5">
            {busy && <Spinner />}
            Use selected address
          </button>
        )}
        {hasCurrent && control({ mode: 'selected' }, 'btn btn-outline h-11 px-5', 'Cancel')}
        {control({ mode: 'add' }, 'btn btn-outline h-11 px-5 sm:ml-auto', '+ Add a new address')}
      </div>
    </fetcher.Form>
  );
}

/**
 * Edit Address / Add Address without JavaScript: the same fields, posted to the action, which
 * saves the address in the book (address/update/:id or address/add) and puts it on the cart.
 */
function PlainBookForm({
  slot,
  editing,
  fieldsByType,
  countries,
  defaultCountryId,
  onlyOfType,
  fetcher,
  failed,
  hidden,
  cancel,
}: {
  slot: AddressSlot;
  editing: Address | null;
  fieldsByType: AddressFieldsByType;
  countries: readonly Country[];
  defaultCountryId: number | null;
  onlyOfType: boolean;
  fetcher: StepFetcher;
  failed: AddressStepResult | undefined;
  hidden: ReactNode;
  cancel: ReactNode;
}) {
  const type = editing?.address_type ?? slot;
  const typeLower = type.toLowerCase();
  const locked = Boolean(editing?.default) || onlyOfType;
  const initial = failed
    ? failed.values
    : editing
      ? formValuesOf(editing)
      : { country_id: defaultCountryId === null ? '' : String(defaultCountryId) };
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="mt-3 space-y-5"
      data-checkout-form={editing ? 'edit-address' : 'add-address'}
    >
      <input type="hidden" name={STEP_FIELDS.intent} value="save-address" />
      <input type="hidden" name="address_type" value={type} />
      {editing && <input type="hidden" name={STEP_FIELDS.editId} value={editing.id} />}
      {hidden}
      <TypedAddressFields
        fields={fieldsByType[type]}
        countries={countries}
        initial={initial}
        errors={failed?.errors ?? {}}
      />
      <div>
        {locked && <input type="hidden" name={STEP_FIELDS.makeDefault} value="on" />}
        <label className={`flex min-h-11 items-center gap-3 text-sm ${locked ? '' : 'cursor-pointer'}`}>
          <input
            type="checkbox"
            name={locked ? undefined : STEP_FIELDS.makeDefault}
            defaultChecked={locked || (failed ? failed.values[STEP_FIELDS.makeDefault] !== undefined : false)}
            disabled={locked}
            className="size-5 rounded border-ink/30 accent-[var(--sf-primary)] disabled:opacity-70"
          />
          Use as my default {typeLower} address
        </label>
        {locked && (
          <p className="pl-8 text-xs text-muted">
            {editing?.default
              ? `This is your default ${typeLower} address.`
              : `Your first ${typeLower} address is your default.`}
          </p>
        )}
      </div>
      <Refusal answer={failed} />
      <div className="flex flex-col-reverse gap-3 border-t border-ink/10 pt-5 sm:flex-row sm:justify-end">
        {cancel}
        <button type="submit" className="btn btn-primary h-11 w-full sm:w-auto">
          Save Address
        </button>
      </div>
    </fetcher.Form>
  );
}
