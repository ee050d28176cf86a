import { useEffect, useRef } from 'react';
import { Form, data, useNavigation } from 'react-router';
import { ApiError, callEndpoint, emailSubscriptionApi, messages } from '@shopfront/shared';
import type { Route } from './+types/newsletter.confirm.$token';
import { BackToShop, LinkResult, NewsletterLinkPage } from '../features/plugins/newsletter-page';
import { apiTransport } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { errorResponse, logFailure } from '../lib/errors';
import { tokenPageMeta } from '../lib/meta';

/**
 * /newsletter/confirm/{token}: the double opt-in link. The page confirms as soon as it is open in
 * a browser (it posts itself once hydrated); the token is used only by that POST, so an e-mail
 * scanner fetching the link confirms nothing. Without JavaScript a button does the same.
 */
const PERSONAL = { 'Cache-Control': 'private, no-store' };

export const handle = { page: { slug: 'newsletter' } };

export function headers() {
  return PERSONAL;
}

export function meta({ matches }: Route.MetaArgs) {
  return tokenPageMeta(matches, 'Confirm your subscription');
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (isCrossSite(request)) return data({ ok: false, message: messages.forbiddenOrigin }, { status: 403 });
  try {
    const { message } = await callEndpoint(apiTransport(context), emailSubscriptionApi.confirm, {
      body: { token: params.token },
    });
    return data({ ok: true, message: message ?? '' }, { headers: PERSONAL });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      return data({ ok: false, message: err.message }, { status: err.status, headers: PERSONAL });
    }
    logFailure('newsletter confirm failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export default function ConfirmSubscription({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || actionData) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, [actionData]);
  const busy = navigation.state !== 'idle';

  return (
    <NewsletterLinkPage title="Confirm your subscription">
      {actionData ? (
        <>
          <LinkResult ok={actionData.ok}>{actionData.message}</LinkResult>
          <BackToShop />
        </>
      ) : (
        <Form ref={formRef} method="post" replace>
          <p className="mb-4 text-muted">One more step: confirm that you want to receive our newsletter.</p>
          <button type="submit" className="btn btn-primary h-11 px-6" disabled={busy}>
            {busy ? 'Confirming…' : 'Confirm my subscription'}
          </button>
        </Form>
      )}
    </NewsletterLinkPage>
  );
}
