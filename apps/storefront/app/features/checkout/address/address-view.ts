import { messages, type Address, type AddressType } from '@shopfront/shared';

/**
 * Pure pieces of the address step that the page and its action share: field names, the views of
 * an address selector and where each step-validation message sends the shopper. Types and the
 * plain message table only from the contract: no schema module, so no zod, through here.
 */

/** Which of the cart's two addresses a form changes. */
export type AddressSlot = AddressType;

/** The form fields the address step's forms post besides the address columns. */
export const STEP_FIELDS = {
  intent: 'intent',
  /** Shipping or Billing: the cart's address that the form sets. */
  slot: 'slot',
  /** A saved address of the customer (Use selected address, or the one just saved). */
  addressId: 'address_id',
  /** The book address being edited (the no-script Edit form). */
  editId: 'edit_id',
  /** Present when the typed address is a customer's, to be kept in their address book too. */
  saveToBook: '_save_to_book',
  /** The checkbox "Billing address same as shipping" ("on" when ticked). */
  billingSame: 'billing_same_as_shipping',
  /** Sent by Select Address: without a radio chosen there is nothing to use (not a typed address). */
  picking: '_picking',
  /** The default-address checkbox of the Edit / Add forms. */
  makeDefault: 'default',
} as const;

export const ADDRESS_STEP_INTENTS = ['contact', 'address', 'save-address', 'billing-same'] as const;
export type AddressStepIntent = (typeof ADDRESS_STEP_INTENTS)[number];

export function isAddressStepIntent(v: unknown): v is AddressStepIntent {
  return typeof v === 'string' && (ADDRESS_STEP_INTENTS as readonly string[]).includes(v);
}

export function slotOf(v: unknown): AddressSlot {
  return v === 'Billing' ? 'Billing' : 'Shipping';
}

/** What the address step's action answers (a script gets it; a plain form too, on failure). */
export interface AddressStepResult {
  ok: boolean;
  intent: AddressStepIntent;
  /** The cart address an address form changed (null for contact and billing-same). */
  slot: AddressSlot | null;
  message: string | null;
  errors: Record<string, string[]>;
  /** What was typed, so a refused form keeps it. */
  values: Record<string, string>;
}

/**
 * The views of one address selector (spec section 2): the address on the cart with Change; the
 * list of saved addresses (Select Address); the Add and Edit forms; and the typed form of a
 * guest or of a customer without saved addresses.
 */
export type SelectorView =
  { mode: 'selected' } | { mode: 'select' } | { mode: 'add' } | { mode: 'edit'; id: number } | { mode: 'form' };

/** The query parameter that opens a view without JavaScript (`?shipping=select`, `?billing=edit-12`). */
export const VIEW_PARAM: Record<AddressSlot, string> = { Shipping: 'shipping', Billing: 'billing' };

export function parseView(value: string | null): SelectorView | null {
  if (value === 'select' || value === 'add' || value === 'form' || value === 'selected') return { mode: value };
  const edit = /^edit-([1-9]\d{0,9})$/.exec(value ?? '');
  return edit ? { mode: 'edit', id: Number(edit[1]) } : null;
}

export function viewValue(view: SelectorView): string {
  return view.mode === 'edit' ? `edit-${view.id}` : view.mode;
}

/** The page's own URL with one selector's view open (without JavaScript these are plain links). */
export function viewHref(search: string, slot: AddressSlot, view: SelectorView | null): string {
  const params = new URLSearchParams(search);
  if (view && view.mode !== 'selected') params.set(VIEW_PARAM[slot], viewValue(view));
  else params.delete(VIEW_PARAM[slot]);
  const query = params.toString();
  return `/checkout/address${query ? `?${query}` : ''}`;
}

/**
 * The view a selector starts in, before the shopper does anything: the cart's address when it
 * has one; otherwise the saved addresses to choose from, or the form when there are none.
 */
export function restingView(customer: boolean, bookSize: number, onCart: boolean): SelectorView {
  if (onCart) return { mode: 'selected' };
  return customer && bookSize > 0 ? { mode: 'select' } : { mode: 'form' };
}

/**
 * The saved addresses a selector offers: all of the customer's (a billing address is often one
 * they ship to), those of the selector's own type first, the default of each type leading.
 */
export function offeredAddresses(book: readonly Address[], slot: AddressSlot): Address[] {
  const rank = (a: Address) => (a.address_type === slot ? 0 : 2) + (a.default ? 0 : 1);
  return [...book].sort((a, b) => rank(a) - rank(b));
}

/** The cart's address of `slot` is one of the customer's saved ones (a typed address has id 0). */
export function savedOnCart(book: readonly Address[], onCart: Address | null): Address | null {
  return onCart && onCart.id > 0 ? (book.find((a) => a.id === onCart.id) ?? null) : null;
}

/** Element ids the step's messages point at (the page renders them). */
export const STEP_TARGETS = {
  login: 'checkout-login',
  email: 'checkout-contact-email',
  phone: 'checkout-contact-phone',
  Shipping: 'checkout-shipping-address',
  Billing: 'checkout-billing-address',
} as const;

/**
 * Where the shopper fixes what the step validation says is missing (spec section 5, in order):
 * the login prompt, the contact's phone or e-mail, the shipping or billing address. A required
 * field of the shipping address, or the server's own check, is fixed at the shipping address.
 */
export function stepTargetOf(message: string): string {
  switch (message) {
    case messages.customerEmpty:
      return STEP_TARGETS.login;
    case messages.phoneEmpty:
      return STEP_TARGETS.phone;
    case messages.emailEmpty:
      return STEP_TARGETS.email;
    case messages.billingAddressEmpty:
      return STEP_TARGETS.Billing;
    default:
      return STEP_TARGETS.Shipping;
  }
}

/** An address as the typed form's initial values (strings, as the fields hold them). */
export function formValuesOf(a: Address): Record<string, string> {
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    email: a.email ?? '',
    address_line_1: a.address_line_1,
    address_line_2: a.address_line_2 ?? '',
    landmark: a.landmark ?? '',
    city: a.city,
    postcode: a.postcode,
    country_id: String(a.country_id),
    state_id: a.state_id === null ? '' : String(a.state_id),
  };
}
