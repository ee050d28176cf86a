import { createHash } from 'node:crypto';
import { data, redirect } from 'react-router';
import { ApiError, applicationsApi, callEndpoint, messages } from '@shopfront/shared';
import { failureOf, withKey } from '../checkout/payment-action.server';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { CANCEL_INTENT, CANCEL_KEY_FIELD, type CancelResult } from './cancel-application-form';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * The application page's cancel form (POST /api/applications/{ref}/cancel, with the page's key:
 * a double click cancels once): the API decides whether it cancels or asks. Done, it goes back
 * to the page with `?cancel=` saying which; refused, the form shows why.
 */
export async function cancelApplication(request: Request, context: unknown, ref: string, form: FormData) {
  const reason = String(form.get('reason') ?? '');
  const fail = (status: number, message: string, reasonError?: string) =>
    data<CancelResult>(
      { ok: false, intent: CANCEL_INTENT, message, reason, ...(reasonError ? { reasonError } : {}) },
      { status, headers: PRIVATE },
    );
  if (isCrossSite(request)) return fail(403, messages.forbiddenOrigin);
  // The page's key, per reason typed: a double click cancels once, a corrected reason (after a
  // refusal, which the API replays for its key) is a new request.
  const pageKey = String(form.get(CANCEL_KEY_FIELD) ?? '').trim() || crypto.randomUUID();
  const key = `${pageKey}.${createHash('sha256').update(reason.trim()).digest('hex').slice(0, 16)}`;
  try {
    const answer = await withKey(
      (headers) =>
        callEndpoint(apiTransport(context), applicationsApi.cancel, {
          params: { ref },
          body: reason.trim() ? { reason } : {},
          headers,
        }),
      key,
    );
    const outcome = answer.data.stage !== 'cancelled' ? 'asked' : answer.data.fee_refund ? 'refund' : 'done';
    const url = new URL(request.url);
    return redirect(`${url.pathname}?cancel=${outcome}`, { status: 303, headers: PRIVATE });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, 'application cancel');
    return fail(status, errors.reason?.[0] ?? message, errors.reason?.[0]);
  }
}
