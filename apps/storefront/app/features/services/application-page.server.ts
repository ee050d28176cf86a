import { data } from 'react-router';
import {
  ApiError,
  applicationTexts,
  applicationsApi,
  callEndpoint,
  messages,
  type Application,
} from '@shopfront/shared';
import { failureOf } from '../checkout/payment-action.server';
import { apiTransport, isNotFound, isUnauthenticated } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { errorResponse, logFailure } from '../../lib/errors';

/** What an application's message form answers: sent, or the API's message (and the text kept). */
export type MessageResult =
  { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string[]>; body: string };

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * One application as its applicant sees it (GET /api/applications/{ref}): `ref` is its id or
 * number for the signed-in customer it belongs to, or its tracking link's token for anyone who
 * holds the link. Someone else's (or no such) application is null: the page says not found.
 */
export async function loadApplication(context: unknown, ref: string): Promise<Application | null> {
  try {
    return (await callEndpoint(apiTransport(context), applicationsApi.get, { params: { ref } })).data;
  } catch (err) {
    if (isNotFound(err) || isUnauthenticated(err) || (err instanceof ApiError && err.status === 422)) return null;
    logFailure('application lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

/** The page's loader answer: the application (null: not found, with a 404 status), never cached. */
export async function applicationPageData(context: unknown, ref: string) {
  const application = await loadApplication(context, ref);
  return data({ application, ref }, { status: application ? 200 : 404, headers: PRIVATE });
}

/** Posts the applicant's message on the application's thread (POST /api/applications/{ref}/messages). */
export async function postApplicationMessage(request: Request, context: unknown, ref: string) {
  const form = await request.formData();
  const body = String(form.get('body') ?? '');
  if (isCrossSite(request)) {
    return data<MessageResult>({ ok: false, message: messages.forbiddenOrigin, errors: {}, body }, { status: 403 });
  }
  try {
    const answer = await callEndpoint(apiTransport(context), applicationsApi.message, {
      params: { ref },
      body: { body },
    });
    return data<MessageResult>(
      { ok: true, message: answer.message ?? applicationTexts.messageSent },
      { headers: PRIVATE },
    );
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const { status, message, errors } = failureOf(err, 'application message');
    return data<MessageResult>({ ok: false, message, errors, body }, { status, headers: PRIVATE });
  }
}
