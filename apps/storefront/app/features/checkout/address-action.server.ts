import { data, redirect } from 'react-router';
import { ADDRESS_COLUMNS, ApiError, callEndpoint, cartApi, messages } from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { JS_FIELD } from '../cart/cart-view';
import { CONSENT_FIELD, CONSENT_OFFERED_FIELD } from './contact-fields';

/** What the address step's action answers (a script gets it; a plain form too, on failure). */
export interface AddressStepResult {
  ok: boolean;
  intent: 'contact' | 'address';
  message: string | null;
  errors: Record<string, string[]>;
  /** What was typed, so a refused form keeps it. */
  values: Record<string, string>;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * The address step's changes, made on the server through the contract: the contact for this
 * order with the consent to one abandoned-cart reminder when the form offered it
 * (update-contact) and the shipping address, a saved one by id or one typed in
 * (update-address). A plain form gets Post/Redirect/Get on success.
 */
export async function addressStepAction({ request, context }: { request: Request; context: unknown }) {
  const form = await request.formData();
  const intent = form.get('intent') === 'contact' ? 'contact' : 'address';
  const values: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && !k.startsWith('_') && k !== 'intent') values[k] = v;
  if (isCrossSite(request)) {
    return data<AddressStepResult>(
      { ok: false, intent, message: messages.forbiddenOrigin, errors: {}, values },
      { status: 403 },
    );
  }
  const t = apiTransport(context);
  let message: string | undefined;
  try {
    if (intent === 'contact') {
      const email = text(form, 'email');
      const phone = text(form, 'phone');
      // The reminder consent only when the form asked for it (an unticked box posts nothing).
      const consent = form.get(CONSENT_OFFERED_FIELD) === '1' ? form.get(CONSENT_FIELD) !== null : undefined;
      ({ message } = await callEndpoint(t, cartApi.updateContact, {
        body: {
          email: email || null,
          phone: phone || null,
          ...(consent === undefined ? {} : { marketing_consent: consent }),
        },
      }));
    } else {
      const savedId = text(form, 'address_id');
      if (savedId) {
        ({ message } = await callEndpoint(t, cartApi.updateAddress, {
          body: { address_type: 'Shipping', address_id: Number(savedId) },
        }));
      } else {
        const fields: Record<string, string | number | null> = {};
        for (const c of ADDRESS_COLUMNS) fields[c] = text(form, c);
        fields.country_id = fields.country_id ? Number(fields.country_id) : null;
        fields.state_id = fields.state_id ? Number(fields.state_id) : null;
        ({ message } = await callEndpoint(t, cartApi.updateAddress, {
          body: { address_type: 'Shipping', ...fields },
        }));
      }
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const status = err.status === 0 ? 503 : err.status;
    if (status >= 500) console.error(`checkout ${intent} failed`, err);
    return data<AddressStepResult>(
      {
        ok: false,
        intent,
        message: status >= 500 && err.status !== 0 ? messages.unexpected : err.message,
        errors: err.errors,
        values,
      },
      { status },
    );
  }
  if (form.get(JS_FIELD) !== '1') return redirect('/checkout/address', 303);
  return data<AddressStepResult>({ ok: true, intent, message: message ?? null, errors: {}, values: {} });
}
