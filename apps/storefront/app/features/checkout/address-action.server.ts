import { data, redirect } from 'react-router';
import {
  ADDRESS_COLUMNS,
  ApiError,
  addressApi,
  callEndpoint,
  cartApi,
  messages,
  type AddressType,
  type ApiTransport,
} from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { JS_FIELD } from '../cart/cart-view';
import {
  STEP_FIELDS,
  isAddressStepIntent,
  slotOf,
  type AddressSlot,
  type AddressStepIntent,
  type AddressStepResult,
} from './address/address-view';
import { CONSENT_FIELD, CONSENT_OFFERED_FIELD } from './contact-fields';
import { logFailure } from '../../lib/errors';

export type { AddressStepResult } from './address/address-view';

/** The address step's own URL (Post/Redirect/Get target of its plain forms). */
export const ADDRESS_STEP_PATH = '/checkout/address';

/** The contact form sent with nothing in it while the cart has no contact either: nothing was saved. */
export const NOTHING_TO_SAVE = 'Enter an email address or a phone number to save.';

/** Use selected address sent without a radio chosen (only possible without JavaScript). */
export const CHOOSE_AN_ADDRESS = 'Choose one of your addresses first.';

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/** The typed address columns, as the address book and the cart take them. */
function addressFields(form: FormData) {
  const fields: Record<string, string | number | null> = {};
  for (const c of ADDRESS_COLUMNS) fields[c] = text(form, c);
  const id = (c: string) => (text(form, c) ? Number(text(form, c)) : null);
  return { ...fields, country_id: id('country_id'), state_id: id('state_id') };
}

function positiveId(form: FormData, name: string): number | null {
  const v = text(form, name);
  return /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}

/** Puts one of the customer's saved addresses on the cart as its `slot` address. */
async function putSavedOnCart(t: ApiTransport, slot: AddressSlot, id: number) {
  return callEndpoint(t, cartApi.updateAddress, { body: { address_type: slot, address_id: id } });
}

/** Saves an address in the customer's book (a new one, or `editId`), then puts it on the cart. */
async function saveToBook(
  t: ApiTransport,
  slot: AddressSlot,
  form: FormData,
  opts: { editId: number | null; type: AddressType; makeDefault: boolean },
) {
  const body = { ...addressFields(form), address_type: opts.type, default: opts.makeDefault };
  const { data: saved, message } = opts.editId
    ? await callEndpoint(t, addressApi.update, { params: { id: opts.editId }, body })
    : await callEndpoint(t, addressApi.add, { body });
  await putSavedOnCart(t, slot, saved.id);
  return { saved, message };
}

async function run(
  t: ApiTransport,
  intent: AddressStepIntent,
  slot: AddressSlot,
  form: FormData,
): Promise<{ message: string | undefined } | { refused: string }> {
  switch (intent) {
    case 'contact': {
      const email = text(form, 'email');
      const phone = text(form, 'phone');
      // The reminder consent only when the form asked for it (an unticked box posts nothing).
      const consent = form.get(CONSENT_OFFERED_FIELD) === '1' ? form.get(CONSENT_FIELD) !== null : undefined;
      if (!email && !phone) {
        // Nothing typed: clearing a saved contact is a change, saving nothing over nothing is not.
        const { data: cart } = await callEndpoint(t, cartApi.get);
        if (!cart.email && !cart.phone) return { refused: NOTHING_TO_SAVE };
      }
      return callEndpoint(t, cartApi.updateContact, {
        body: {
          email: email || null,
          phone: phone || null,
          ...(consent === undefined ? {} : { marketing_consent: consent }),
        },
      });
    }
    case 'billing-same': {
      const v = form.get(STEP_FIELDS.billingSame);
      return callEndpoint(t, cartApi.update, { body: { billing_same_as_shipping: v === 'on' || v === 'true' } });
    }
    case 'address': {
      const savedId = positiveId(form, STEP_FIELDS.addressId);
      if (savedId) return putSavedOnCart(t, slot, savedId);
      if (form.get(STEP_FIELDS.picking) !== null) return { refused: CHOOSE_AN_ADDRESS };
      // A customer's typed address (they have none saved yet) goes into their book as well.
      if (form.get(STEP_FIELDS.saveToBook) === '1') {
        return saveToBook(t, slot, form, { editId: null, type: slot, makeDefault: false });
      }
      return callEndpoint(t, cartApi.updateAddress, { body: { address_type: slot, ...addressFields(form) } });
    }
    case 'save-address': {
      const editId = positiveId(form, STEP_FIELDS.editId);
      // An edited address keeps its own type; a new one is of the selector it was added from.
      const posted = form.get('address_type');
      const type: AddressType = posted === 'Billing' || posted === 'Shipping' ? posted : slot;
      return saveToBook(t, slot, form, {
        editId,
        type,
        makeDefault: form.get(STEP_FIELDS.makeDefault) !== null,
      });
    }
  }
}

/**
 * The address step's changes, made on the server through the contract: the contact for this
 * order with the consent to one abandoned-cart reminder when the form offered it
 * (update-contact); the shipping or billing address (update-address), a saved one by id, one
 * typed in (a customer's is kept in their address book first: address/add), or one added or
 * edited in the book (address/add, address/update/:id) and then put on the cart; and whether
 * billing is the shipping address (update). A plain form gets Post/Redirect/Get on success.
 */
export async function addressStepAction({ request, context }: { request: Request; context: unknown }) {
  const form = await request.formData();
  const posted = form.get(STEP_FIELDS.intent);
  const intent: AddressStepIntent = isAddressStepIntent(posted) ? posted : 'address';
  const slot = intent === 'address' || intent === 'save-address' ? slotOf(form.get(STEP_FIELDS.slot)) : null;
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && !k.startsWith('_') && k !== 'intent') values[k] = v;
  const refuse = (status: number, message: string, errors: Record<string, string[]> = {}) =>
    data<AddressStepResult>(
      { ok: false, intent, slot, message, errors, values },
      { status, headers: { 'Cache-Control': 'private, no-store' } },
    );
  if (isCrossSite(request)) return refuse(403, messages.forbiddenOrigin);

  let message: string | undefined;
  try {
    const done = await run(apiTransport(context), intent, slot ?? 'Shipping', form);
    if ('refused' in done) return refuse(422, done.refused);
    ({ message } = done);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const status = err.status === 0 ? 503 : err.status;
    if (status >= 500) logFailure(`checkout ${intent} failed`, err);
    return refuse(status, status >= 500 && err.status !== 0 ? messages.unexpected : err.message, err.errors);
  }
  if (form.get(JS_FIELD) !== '1') return redirect(ADDRESS_STEP_PATH, 303);
  return data<AddressStepResult>({ ok: true, intent, slot, message: message ?? null, errors: {}, values: {} });
}
