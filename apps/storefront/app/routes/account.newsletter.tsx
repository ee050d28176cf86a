import { useFetcher } from 'react-router';
import { ApiError, callEndpoint, emailSubscriptionApi, messages, type Subscription } from '@shopfront/shared';
import { data } from 'react-router';
import type { Route } from './+types/account.newsletter';
import { AccountSection, SectionCard } from '../features/account/section';
import { apiTransport, isNotFound, isUnauthenticated } from '../lib/api.server';
import { isCrossSite } from '../lib/cross-site.server';
import { errorResponse, notFound, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';

/**
 * /account/newsletter (emailSubscription plugin, added to the account menu through
 * features/plugins/account-menu.ts): the signed-in customer's subscription for their account
 * e-mail, with Subscribe (double opt-in: a confirmation e-mail) or Unsubscribe; while it waits for
 * confirmation, Resend link (the API sends at most one link per 10 minutes and says how long to wait).
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
    logFailure('newsletter status failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

type Intent = 'subscribe' | 'resend' | 'unsubscribe';
const INTENTS: readonly Intent[] = ['subscribe', 'resend', 'unsubscribe'];

interface Answer {
  ok: boolean;
  intent: Intent;
  message: string;
  /** The status the answer leaves (on success). */
  status?: Subscription['status'];
  /** A resend asked for within the pause after the last link (429): not an error, a wait. */
  wait?: boolean;
}

export async function action({ context, request }: Route.ActionArgs) {
  if (isCrossSite(request)) {
    return data<Answer>({ ok: false, intent: 'subscribe', message: messages.forbiddenOrigin }, { status: 403 });
  }
  const form = await request.formData();
  const raw = form.get('intent');
  const intent: Intent = INTENTS.find((i) => i === raw) ?? 'unsubscribe';
  try {
    // Subscribing again while pending is the API's resend (at most once per 10 minutes).
    const { data: subscription, message } = await callEndpoint(apiTransport(context), emailSubscriptionApi.updateMe, {
      body: { subscribed: intent !== 'unsubscribe' },
    });
    return data<Answer>({ ok: true, intent, message: message ?? '', status: subscription.status });
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      return data<Answer>(
        { ok: false, intent, message: err.message, wait: err.status === 429 && intent === 'resend' },
        { status: err.status },
      );
    }
    logFailure('newsletter update failed', err);
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

const BUSY_LABEL: Record<Intent, string> = { subscribe: 'Saving…', resend: 'Sending…', unsubscribe: 'Saving…' };

export default function AccountNewsletter({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  const subscription = loaderData.subscription;
  if (!subscription) return null;
  const status = STATUS_TEXT[subscription.status];
  const busyIntent = fetcher.state !== 'idle' ? (fetcher.formData?.get('intent') as Intent | null) : null;
  const answer = fetcher.data;
  const pending = subscription.status === 'pending';
  const subscribedish = subscription.status === 'confirmed' || pending;
  // The answer that led to this status says it in its own words ("We have sent a confirmation
  // link…"): it takes the status text's place, so nothing is said twice.
  const text = answer?.ok && answer.message && answer.status === subscription.status ? answer.message : status.text;
  const problem = answer && !answer.ok ? answer : null;
  const button = (intent: Intent, label: string, primary: boolean) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busyIntent !== null || !subscription.email}
      className={`btn h-11 px-6 ${primary ? 'btn-primary' : 'btn-outline'}`}
    >
      {busyIntent === intent ? BUSY_LABEL[intent] : label}
    </button>
  );
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
            <p role="status" aria-live="polite" className="mt-3 text-sm text-muted" data-newsletter-text>
              {text}
            </p>
            {subscription.email && (
              <p className="mt-1 truncate text-sm">
                Sent to <span className="font-medium">{subscription.email}</span>
              </p>
            )}
          </div>
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            {pending && button('resend', 'Resend link', true)}
            {subscribedish ? button('unsubscribe', 'Unsubscribe', false) : button('subscribe', 'Subscribe', true)}
          </fetcher.Form>
        </div>
        {problem && (
          <p
            role="alert"
            className={`mt-4 text-sm font-medium ${problem.wait ? 'text-amber-900' : 'text-red-700'}`}
            data-newsletter-problem={problem.wait ? 'wait' : 'error'}
          >
            {problem.message}
          </p>
        )}
        {!subscription.email && (
          <p className="mt-4 text-sm text-muted">Add an e-mail address to your profile to subscribe.</p>
        )}
      </SectionCard>
    </AccountSection>
  );
}
