import { Form, data, useNavigation } from 'react-router';
import { ApiError, callEndpoint, emailSubscriptionApi, messages } from '@shopfront/shared';
import type { Route } from './+types/newsletter.unsubscribe.$token';
import { BackToShop, LinkResult, NewsletterLinkPage } from '../features/plugins/newsletter-page';
import { apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { errorResponse, logFailure } from '../lib/errors';
import { tokenPageMeta } from '../lib/meta';

/**
 * /newsletter/unsubscribe/{token}: the link in every newsletter e-mail. No login: the token is
 * signed. Opening it shows the address (masked) and one button; the button unsubscribes.
 */
const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const handle = { page: { slug: 'newsletter' } };

export function headers() {
  return PERSONAL;
}

export function meta({ matches }: Route.MetaArgs) {
  return tokenPageMeta(matches, 'Unsubscribe');
}

export async function loader({ context, params }: Route.LoaderArgs) {
  try {
    const { data: subscription } = await callEndpoint(apiTransport(context), emailSubscriptionApi.unsubscribeInfo, {
      params: { token: params.token },
    });
    return { subscription, problem: null };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return { subscription: null, problem: err.message };
    logFailure('newsletter unsubscribe lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (isCrossSite(request)) return data({ ok: false, message: messages.forbiddenOrigin }, { status: 403 });
  try {
    const { message } = await callEndpoint(apiTransport(context), emailSubscriptionApi.unsubscribe, {
      body: { token: params.token },
    });
    return data({ ok: true, message: message ?? '' }, { headers: PERSONAL });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      return data({ ok: false, message: err.message }, { status: err.status, headers: PERSONAL });
    }
    logFailure('newsletter unsubscribe failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const { subscription, problem } = loaderData;
  return (
    <NewsletterLinkPage title="Unsubscribe from the newsletter">
      {actionData ? (
        <>
          <LinkResult ok={actionData.ok}>{actionData.message}</LinkResult>
          <BackToShop />
        </>
      ) : problem || !subscription ? (
        <>
          <LinkResult ok={false}>{problem}</LinkResult>
          <BackToShop />
        </>
      ) : subscription.status === 'unsubscribed' ? (
        <>
          <LinkResult ok>
            <span className="font-semibold">{subscription.email}</span> is already unsubscribed.
          </LinkResult>
          <BackToShop />
        </>
      ) : (
        <Form method="post" replace>
          <p className="mb-5 text-muted">
            Stop sending the newsletter to <span className="font-semibold text-ink">{subscription.email}</span>?
          </p>
          <button type="submit" className="btn btn-primary h-11 px-6" disabled={busy}>
            {busy ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </Form>
      )}
    </NewsletterLinkPage>
  );
}
