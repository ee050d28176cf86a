import { useFetcher } from 'react-router';
import { ApiError, callEndpoint, emailSubscriptionApi, messages, type Subscription } from '@shopfront/shared';
import { data } from 'react-router';
import type { Route } from './+types/account.newsletter';
import { AccountSection, SectionCard } from '../features/account/section';
import { apiTransport, isNotFound, isUnauthenticated } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { errorResponse, notFound } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

/**
 * /account/newsletter (emailSubscription plugin, added to the account menu through
 * features/plugins/account-menu.ts): the signed-in customer's subscription for their account
 * e-mail, with Subscribe (double opt-in: a confirmation e-mail) or Unsubscribe.
 */
export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'Newsletter' }), { name: 'robots', content: 'noindex' }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  try {
    const { data: subscription } = await callEndpoint(apiTransport(context), emailSubscriptionApi.me);
    return { subscription };
  } catch (err) {
    // A guest: the account layout shows its login gate.
    if (isUnauthenticated(err)) return { subscription: null };
    if (isNotFound(err)) throw notFound(messages.pageNotFound(new URL(request.url).pathname));
    console.error('newsletter status failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  if (isCrossSite(request)) return data({ ok: false, message: messages.forbiddenOrigin }, { status: 403 });
  const form = await request.formData();
  const subscribed = form.get('intent') === 'subscribe';
  try {
    const { message } = await callEndpoint(apiTransport(context), emailSubscriptionApi.updateMe, {
      body: { subscribed },
    });
    return { ok: true, message: message ?? '' };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500)
      return data({ ok: false, message: err.message }, { status: err.status });
    console.error('newsletter update failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

const STATUS_TEXT: Record<Subscription['status'], { label: string; text: string; tone: string }> = {
  none: { label: 'Not subscribed', text: 'You do not receive our newsletter.', tone: 'bg-ink/5 text-ink' },
  pending: {
    label: 'Waiting for confirmation',
    text: 'We sent you a confirmation link. Open it to start receiving the newsletter.',
    tone: 'bg-amber-50 text-amber-900',
  },
  confirmed: {
    label: 'Subscribed',
    text: 'You receive new pieces, maker stories and offers about twice a month.',
    tone: 'bg-emerald-50 text-emerald-900',
  },
  unsubscribed: { label: 'Unsubscribed', text: 'You will not receive the newsletter.', tone: 'bg-ink/5 text-ink' },
};

export default function AccountNewsletter({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const subscription = loaderData.subscription;
  if (!subscription) return null;
  const status = STATUS_TEXT[subscription.status];
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  const subscribedish = subscription.status === 'confirmed' || subscription.status === 'pending';
  return (
    <AccountSection title="Newsletter" description="New pieces, maker stories and offers by e-mail.">
      <SectionCard>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-muted uppercase">Status</p>
            <p className="mt-1">
              <span
                className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${status.tone}`}
                data-newsletter-status={subscription.status}
              >
                {status.label}
              </span>
            </p>
            <p className="mt-3 text-sm text-muted">{status.text}</p>
            {subscription.email && (
              <p className="mt-1 truncate text-sm">
                Sent to <span className="font-medium">{subscription.email}</span>
              </p>
            )}
          </div>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value={subscribedish ? 'unsubscribe' : 'subscribe'} />
            <button
              type="submit"
              disabled={busy || !subscription.email}
              className={`btn h-11 px-6 ${subscribedish ? 'btn-outline' : 'btn-primary'}`}
            >
              {busy ? 'Saving…' : subscribedish ? 'Unsubscribe' : 'Subscribe'}
            </button>
          </fetcher.Form>
        </div>
        <div role="status" aria-live="polite" className="mt-4 text-sm empty:mt-0">
          {answer && <p className={`font-medium ${answer.ok ? 'text-primary' : 'text-red-700'}`}>{answer.message}</p>}
          {!subscription.email && <p className="text-muted">Add an e-mail address to your profile to subscribe.</p>}
        </div>
      </SectionCard>
    </AccountSection>
  );
}
