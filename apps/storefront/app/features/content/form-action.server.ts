import { data } from 'react-router';
import { ApiError, TRADE_ENQUIRY_FORM_ID, messages } from '@shopfront/shared';
import type { ApiClient } from '../../lib/api.server';
import { FORM_ID_FIELD, FORM_SECTION_FIELD, type FormSectionResult } from './form-submission';
import { logFailure } from '../../lib/errors';

async function tradeEnquiryInstalled(client: ApiClient): Promise<boolean> {
  const initial = await client.initialValues().catch(() => null);
  return Boolean(initial?.plugins.some((p) => p.module_name === 'TradeEnquiry'));
}

/**
 * Submits a form section's fields to POST /api/form/submit/{id}. Field errors come back with the
 * server's own messages, to be shown beside the fields; the typed values are kept so nothing
 * the shopper wrote is lost.
 */
export async function submitFormSection(client: ApiClient, request: Request) {
  const body = await request.formData();
  const section = String(body.get(FORM_SECTION_FIELD) ?? '');
  const formId = String(body.get(FORM_ID_FIELD) ?? '');
  const values: Record<string, string> = {};
  for (const [k, v] of body) if (typeof v === 'string' && !k.startsWith('_')) values[k] = v;
  if (!formId) {
    return data<FormSectionResult>(
      { section, ok: false, message: messages.fallback, errors: {}, values },
      { status: 400 },
    );
  }
  try {
    // The trade-enquiry form goes through the TradeEnquiry plugin when it is installed (the shop is
    // told by e-mail, the product rides along); otherwise, and for every other form, the generic route.
    if (formId === TRADE_ENQUIRY_FORM_ID && (await tradeEnquiryInstalled(client))) {
      const { message } = await client.submitTradeEnquiry(values);
      return data<FormSectionResult>({ section, ok: true, message: message ?? '', successMessage: message });
    }
    delete values.product;
    await client.submitForm(formId, values);
    // The section shows the form's own success message; this is the fallback.
    return data<FormSectionResult>({ section, ok: true, message: 'Thank you! We have received your message.' });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      return data<FormSectionResult>(
        { section, ok: false, message: err.message, errors: err.errors, values },
        { status: err.status },
      );
    }
    logFailure('form submit failed', err);
    return data<FormSectionResult>(
      { section, ok: false, message: messages.unexpected, errors: {}, values },
      { status: 500 },
    );
  }
}
