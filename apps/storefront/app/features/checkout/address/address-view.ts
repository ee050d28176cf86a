import type { Address, AddressField, AddressFieldsByType, AddressType, Country } from '@shopfront/shared';

/**
 * Pure pieces of the address step that the page and its action share: field names, the views of
 * an address selector and where each step-validation message sends the shopper. Types and the
 * plain message table only from the contract: no schema module, so no zod, through here.
 */

/** Which of the cart's two addresses a part of the form sets. */
export type AddressSlot = AddressType;

/** The prefix of a slot's fields in the step's one form (`shipping.city`), and of its element ids. */
export const SLOT_PREFIX: Record<AddressSlot, 'shipping' | 'billing'> = { Shipping: 'shipping', Billing: 'billing' };

/** The form fields the address step posts besides the contact and the `<slot>.<column>` address fields. */
export const STEP_FIELDS = {
  /** `continue` (save everything, then the payment step) or `stay` (save everything, stay: Use selected, Save Address). */
  intent: 'intent',
  /** The checkbox "Billing address same as shipping" ("on" when ticked). */
  billingSame: 'billing_same_as_shipping',
  /** The buyer's GSTIN for a business invoice and its business name (India's shops only; the API's names). */
  gstin: 'buyer_gstin',
  businessName: 'buyer_business_name',
} as const;

/** Per slot: `<prefix>.<name>`. */
export const SLOT_FIELDS = {
  /** The view the shopper had open (restored after a refusal). */
  view: 'view',
  /** A saved address of the customer: the one shown, or the one picked in Select Address. */
  addressId: 'address_id',
  /** The saved address being edited (Edit Address). */
  editId: 'edit_id',
  /** The default-address checkbox of Edit / Add Address. */
  makeDefault: 'default',
} as const;

export const slotField = (slot: AddressSlot, name: string) => `${SLOT_PREFIX[slot]}.${name}`;

/** The columns the step asks once, in the contact, and copies into a typed address. */
export const ASKED_IN_CONTACT = ['phone', 'email'] as const;

/**
 * What the address step's action answers when it does not move on (its redirects carry nothing):
 * the messages by field (`email`, `phone`, `customer`, `shipping`, `shipping.city`, `billing`, …)
 * and what was typed, so the page shows both again.
 */
export interface AddressStepResult {
  ok: false;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** What an address selector is given: the page's data, and what a refused Continue sent back. */
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

/**
 * The views of one address selector (spec section 2): the address on the cart with Change; the
 * list of saved addresses (Select Address); the Add and Edit forms; and the typed form of a
 * guest or of a customer without saved addresses.
 */
export type SelectorView =
  { mode: 'selected' } | { mode: 'select' } | { mode: 'add' } | { mode: 'edit'; id: number } | { mode: 'form' };

/** The query parameter that opens a view without JavaScript (`?shipping=select`, `?billing=edit-12`). */
export const VIEW_PARAM = SLOT_PREFIX;

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
 * The view a selector starts in (spec section 2): the address form while there are no saved
 * addresses (a guest, a customer without any); else the saved address on the cart, or the saved
 * addresses to choose from.
 */
export function restingView(bookSize: number, savedIsOnCart: boolean): SelectorView {
  if (bookSize === 0) return { mode: 'form' };
  return savedIsOnCart ? { mode: 'selected' } : { mode: 'select' };
}

/**
 * The view a selector shows: the one the shopper chose, unless it does not fit what there is (a
 * stale link, an address gone), then the resting view. `hasSaved`: a saved address to show as
 * selected (the one picked, else the cart's or the default).
 */
export function fittingView(
  chosen: SelectorView | null,
  { book, hasSaved, customer }: { book: readonly Pick<Address, 'id'>[]; hasSaved: boolean; customer: boolean },
): SelectorView {
  const view = chosen ?? restingView(book.length, hasSaved);
  if (view.mode === 'selected' && !hasSaved) return restingView(book.length, false);
  if ((view.mode === 'select' || view.mode === 'selected') && book.length === 0) return { mode: 'form' };
  if (view.mode === 'add' && !customer) return { mode: 'form' };
  if (view.mode === 'edit' && !book.some((a) => a.id === view.id)) return restingView(book.length, hasSaved);
  return view;
}

/** The entries of `record` named `<prefix>.<name>` (a slot's messages or typed values), by name. */
export function slotEntries(record: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
  return out;
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
  gstin: 'checkout-buyer-gstin',
  businessName: 'checkout-buyer-business-name',
} as const;

/** The element a message of `field` belongs to (the first one is linked from beside Continue). */
export function targetOfField(field: string): string {
  if (field === 'email') return STEP_TARGETS.email;
  if (field === 'phone') return STEP_TARGETS.phone;
  if (field === 'customer') return STEP_TARGETS.login;
  if (field === STEP_FIELDS.gstin) return STEP_TARGETS.gstin;
  if (field === STEP_FIELDS.businessName) return STEP_TARGETS.businessName;
  const [prefix, column] = field.split('.');
  const slot: AddressSlot = prefix === 'billing' ? 'Billing' : 'Shipping';
  return column ? `checkout-${prefix}-${column}` : STEP_TARGETS[slot];
}

/** The labels of the step's fields outside the addresses (contact-form.tsx, buyer-gstin.tsx). */
const CONTACT_LABELS: Record<string, string> = {
  phone: 'Phone',
  email: 'Email',
  [STEP_FIELDS.gstin]: 'GSTIN',
  [STEP_FIELDS.businessName]: 'Business name',
};

/**
 * The line beside Continue for a field's message: the message as the spec gives it, led by the
 * field's label when the message does not name it ('Phone: The value length should be at least
 * 6'), so the shopper knows which field to fix. '{label} is empty' names its field already.
 */
export function neededLine(
  field: string,
  message: string,
  fieldsByType: Partial<Record<AddressSlot, readonly Pick<AddressField, 'column_name' | 'label'>[]>>,
): string {
  const [prefix, column] = field.split('.');
  const slot: AddressSlot = prefix === 'billing' ? 'Billing' : 'Shipping';
  const label = column ? fieldsByType[slot]?.find((f) => f.column_name === column)?.label : CONTACT_LABELS[field];
  if (!label || message.toLowerCase().startsWith(label.toLowerCase())) return message;
  return `${label}: ${message}`;
}
