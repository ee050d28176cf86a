import { data } from 'react-router';
import { ApiError, callEndpoint, emailSubscriptionApi, messages } from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { NEWSLETTER_FORM_SOURCES, type NewsletterFormSource, type NewsletterResult } from './newsletter-form';
import { logFailure } from '../../lib/errors';

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The newsletter signup's action (footer form, /newsletter page, newsletter sections): POST
 * /api/plugins/emailSubscription/subscribe. Answers the server's message, or its field error,
 * keeping what was typed; a cross-site post is refused.
 */
export async function subscribeAction(context: unknown, request: Request) {
  if (isCrossSite(request)) {
    return data<NewsletterResult>(
      { ok: false, message: messages.forbiddenOrigin, email: '' },
      { status: 403, headers: PERSONAL },
    );
  }
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const posted = form.get('source');
  const source = NEWSLETTER_FORM_SOURCES.find((s) => s === posted) ?? ('footer' satisfies NewsletterFormSource);
  try {
    const { message } = await callEndpoint(apiTransport(context), emailSubscriptionApi.subscribe, {
      body: { email, source },
    });
    return data<NewsletterResult>({ ok: true, message: message ?? '', email: '' }, { headers: PERSONAL });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      return data<NewsletterResult>(
        { ok: false, message: err.errors.email?.[0] ?? err.message, email },
        { status: err.status, headers: PERSONAL },
      );
    }
    logFailure('newsletter signup failed', err);
    return data<NewsletterResult>(
      { ok: false, message: messages.unexpected, email },
      { status: 500, headers: PERSONAL },
    );
  }
}
