import { data } from 'react-router';
import { ApiError, callEndpoint, messages, storefrontApi } from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import type { SubscribeAnswer } from './closed-page';
import { CLOSED_HEADERS } from './store-state.server';
import { logFailure } from '../../lib/errors';

/** The action of the Coming Soon and Under Maintenance pages: subscribe-to-mode with the form's e-mail. */
export async function subscribeAction(context: unknown, request: Request) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  if (isCrossSite(request)) {
    return data<SubscribeAnswer>(
      { ok: false, message: messages.forbiddenOrigin },
      { status: 403, headers: CLOSED_HEADERS },
    );
  }
  try {
    const answer = await callEndpoint(apiTransport(context), storefrontApi.subscribeToMode, { body: { email } });
    return data<SubscribeAnswer>({ ok: true, message: answer.message ?? 'Thank you' }, { headers: CLOSED_HEADERS });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status >= 500) logFailure('subscribe-to-mode failed', err);
    const fieldError = err.errors?.email?.[0];
    const message = err.status >= 500 ? messages.unexpected : err.message;
    return data<SubscribeAnswer>(
      { ok: false, message, ...(fieldError ? { error: fieldError } : {}) },
      { status: err.status >= 400 && err.status < 600 ? err.status : 500, headers: CLOSED_HEADERS },
    );
  }
}
