import { data, redirect } from 'react-router';
import {
  ADDRESS_COLUMNS,
  ApiError,
  CHECKOUT_FIELDS,
  addressApi,
  callEndpoint,
  cartApi,
  messages,
  shippingColumnOf,
  type AddressField,
  type ApiTransport,
  type Country,
} from '@shopfront/shared';
import { api, apiTransport, isUnauthenticated } from '../../lib/api.server';
import { withAddressIds, type AddressFormValues } from '../addresses/address-mapping';
import { isCrossSite } from '../../lib/cross-site.server';
import { logFailure } from '../../lib/errors';
import {
  ASKED_IN_CONTACT,
  SLOT_FIELDS,
  SLOT_PREFIX,
  STEP_FIELDS,
  parseView,
  slotField,
  type AddressSlot,
  type AddressStepResult,
} from './address/address-view';
import { CONSENT_FIELD, CONSENT_OFFERED_FIELD } from './contact-fields';
import { checkoutVerdict } from './validation.server';

export type { AddressStepResult } from './address/address-view';

/** The address step's own URL (where `stay` returns), and the next step's. */
export const ADDRESS_STEP_PATH = '/checkout/address';
const PAYMENT_STEP_PATH = '/checkout/payment';

/** A refusal of the whole form that no field explains (a cross-site post, the API down). */
export const FIX_THE_FIELDS = 'Please check the fields marked below.';

type Errors = Record<string, string>;

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

function positiveId(v: string): number | null {
  return /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}

/** The first message of each field of an API 422, under this form's names (`map`). */
function apiErrors(err: ApiError, map: (field: string) => string, fallback: string): Errors {
  const out: Errors = {};
  for (const [k, list] of Object.entries(err.errors)) if (list[0] && !out[map(k)]) out[map(k)] = list[0];
  if (Object.keys(out).length === 0) out[fallback] = err.message;
  return out;
}

/** Runs one save; an API refusal becomes messages at the fields, anything else is thrown. */
async function attempt(errors: Errors, map: (field: string) => string, fallback: string, save: () => Promise<unknown>) {
  try {
    await save();
    return true;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) throw err;
    Object.assign(errors, apiErrors(err, map, fallback));
    return false;
  }
}

interface StepContext {
  t: ApiTransport;
  form: FormData;
  fields: Record<AddressSlot, readonly AddressField[]>;
  countries: readonly Country[];
  customer: boolean;
  contact: { email: string; phone: string };
  errors: Errors;
}

/**
 * One typed address (the form, Add Address, Edit Address): '{label} is empty' at each required
 * field left empty (spec section 5, step 6; not sent then), the phone and e-mail taken from the
 * contact where the form did not ask them again, then saved: a customer's in their address book
 * (address/add, address/update/:id) and put on the cart by id, a guest's on the cart
 * (update-address).
 */
async function saveTyped(c: StepContext, slot: AddressSlot, editId: number | null) {
  const p = SLOT_PREFIX[slot];
  const body = Object.fromEntries(
    ADDRESS_COLUMNS.map((col) => [col, text(c.form, `${p}.${col}`)]),
  ) as AddressFormValues;
  for (const col of ASKED_IN_CONTACT) {
    if (c.form.get(`${p}.${col}`) === null) body[col] = c.contact[col];
  }
  const country = c.countries.find((x) => String(x.id) === body.country_id);
  let complete = true;
  for (const f of c.fields[slot]) {
    if (!f.is_required || body[f.column_name].trim() !== '') continue;
    if (f.column_name === 'state_id' && country && country.states.length === 0) continue;
    if (f.column_name === 'postcode' && country?.has_postcodes === false) continue;
    const askedInContact = (ASKED_IN_CONTACT as readonly string[]).includes(f.column_name);
    const field =
      askedInContact && c.form.get(`${p}.${f.column_name}`) === null ? f.column_name : `${p}.${f.column_name}`;
    c.errors[field] ??= messages.fieldEmpty(f.label);
    complete = false;
  }
  if (!complete) return;
  const address = withAddressIds(body);
  // A column asked in the contact is that field's message there; the others are the slot's own.
  const map = (k: string) =>
    (ASKED_IN_CONTACT as readonly string[]).includes(k) && c.form.get(`${p}.${k}`) === null
      ? k
      : (ADDRESS_COLUMNS as readonly string[]).includes(k)
        ? `${p}.${k}`
        : p;
  if (!c.customer) {
    await attempt(c.errors, map, p, () =>
      callEndpoint(c.t, cartApi.updateAddress, { body: { address_type: slot, ...address } }),
    );
    return;
  }
  const bookBody = {
    ...address,
    address_type: slot,
    default: c.form.get(slotField(slot, SLOT_FIELDS.makeDefault)) !== null,
  };
  await attempt(c.errors, map, p, async () => {
    const { data: saved } = editId
      ? await callEndpoint(c.t, addressApi.update, { params: { id: editId }, body: bookBody })
      : await callEndpoint(c.t, addressApi.add, { body: bookBody });
    await callEndpoint(c.t, cartApi.updateAddress, { body: { address_type: slot, address_id: saved.id } });
  });
}

/** One of the cart's addresses, as the view the shopper had open gives it. */
async function saveSlot(c: StepContext, slot: AddressSlot) {
  const p = SLOT_PREFIX[slot];
  const view = parseView(text(c.form, slotField(slot, SLOT_FIELDS.view))) ?? { mode: 'form' };
  if (view.mode === 'selected' || view.mode === 'select') {
    const id = positiveId(text(c.form, slotField(slot, SLOT_FIELDS.addressId)));
    if (!id) {
      c.errors[p] = slot === 'Shipping' ? messages.shippingAddressEmpty : messages.billingAddressEmpty;
      return;
    }
    await attempt(
      c.errors,
      () => p,
      p,
      () => callEndpoint(c.t, cartApi.updateAddress, { body: { address_type: slot, address_id: id } }),
    );
    return;
  }
  await saveTyped(c, slot, view.mode === 'edit' ? view.id : null);
}

/** A failed step validation's field (CHECKOUT_FIELDS) under this form's names. */
function formFieldOf(field: string, form: FormData): string {
  if (field === CHECKOUT_FIELDS.shipping) return 'shipping';
  if (field === CHECKOUT_FIELDS.billing) return 'billing';
  const column = shippingColumnOf(field);
  if (column === null) return field;
  if ((ASKED_IN_CONTACT as readonly string[]).includes(column) && form.get(`shipping.${column}`) === null)
    return column;
  // A column the form shows gets it beside the field; a saved address shown as a card, at the card.
  return form.get(`shipping.${column}`) === null ? 'shipping' : `shipping.${column}`;
}

/**
 * The address step's one form, saved by Continue (or by `stay`: Use selected address and Save
 * Address, which come back here): the contact for this order (update-contact, with the consent
 * to one cart reminder when the form offered it), the shipping address and, unless billing is
 * the shipping address (update), the billing address, each as its open view gives it. Then the
 * step's validation (GET /api/cart/validate/address). Every message comes back under the field
 * it is about, with what was typed; with none, a redirect to the payment step.
 */
export async function addressStepAction({ request, context }: { request: Request; context: unknown }) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && k !== STEP_FIELDS.intent) values[k] = v;
  const refuse = (status: number, errors: Errors, message = FIX_THE_FIELDS) =>
    data<AddressStepResult>(
      { ok: false, message, errors, values },
      { status, headers: { 'Cache-Control': 'private, no-store' } },
    );
  if (isCrossSite(request)) return refuse(403, {}, messages.forbiddenOrigin);

  const t = apiTransport(context);
  const client = api(context);
  try {
    const [shell, fieldsByType, countries, book] = await Promise.all([
      client.initialValues(),
      client.addressFields(),
      client.countries(),
      client.addresses().catch((err: unknown) => {
        if (isUnauthenticated(err)) return null;
        throw err;
      }),
    ]);
    const { settings } = shell;
    const contact = { email: text(form, 'email'), phone: text(form, 'phone') };
    const errors: Errors = {};
    const c: StepContext = {
      t,
      form,
      fields: fieldsByType,
      countries,
      customer: book !== null,
      contact,
      errors,
    };
    // Spec section 5, steps 2 and 3, at once (the server says them again if the form is bypassed).
    if (settings.order_sms_mandatory && !contact.phone) errors.phone = messages.phoneEmpty;
    if (settings.order_email_mandatory && !contact.email) errors.email = messages.emailEmpty;
    const consent = form.get(CONSENT_OFFERED_FIELD) === '1' ? form.get(CONSENT_FIELD) !== null : undefined;
    await attempt(
      errors,
      (k) => (k === 'email' || k === 'phone' ? k : 'email'),
      'email',
      () =>
        callEndpoint(t, cartApi.updateContact, {
          body: {
            email: contact.email || null,
            phone: contact.phone || null,
            ...(consent === undefined ? {} : { marketing_consent: consent }),
          },
        }),
    );
    await saveSlot(c, 'Shipping');
    const same = form.get(STEP_FIELDS.billingSame) !== null;
    await attempt(
      errors,
      () => 'billing',
      'billing',
      () => callEndpoint(t, cartApi.update, { body: { billing_same_as_shipping: same } }),
    );
    if (!same) await saveSlot(c, 'Billing');
    // The buyer's GSTIN, where the page asked it (India's shops): both fields empty remove it.
    if (form.get(STEP_FIELDS.gstin) !== null) {
      await attempt(
        errors,
        (k) => (k === STEP_FIELDS.businessName ? k : STEP_FIELDS.gstin),
        STEP_FIELDS.gstin,
        () =>
          callEndpoint(t, cartApi.update, {
            body: {
              buyer_gstin: text(form, STEP_FIELDS.gstin),
              buyer_business_name: text(form, STEP_FIELDS.businessName),
            },
          }),
      );
    }
    if (Object.keys(errors).length > 0) return refuse(422, errors);
    if (form.get(STEP_FIELDS.intent) === 'stay') return redirect(ADDRESS_STEP_PATH, 303);

    const verdict = await checkoutVerdict(t, 'address');
    if (verdict.valid) return redirect(PAYMENT_STEP_PATH, 303);
    if (verdict.step === 'cart') return redirect('/cart', 303);
    return refuse(422, { [formFieldOf(verdict.field, form)]: verdict.message });
  } catch (err) {
    const status = err instanceof ApiError && err.status === 0 ? 503 : 500;
    logFailure('checkout address step failed', err);
    return refuse(status, {}, status === 503 ? (err as ApiError).message : messages.unexpected);
  }
}
