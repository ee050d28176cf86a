import { useId, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { FieldFrame, inputBorder, inputClass } from '../../components/ui/field';
import { AlertIcon, CheckIcon, MailIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { SOCIAL_NETWORKS, type SocialKey } from '../layout/social-networks';

/** What a special page shows about the shop (see specialPageLoader). */
export interface ClosedShopView {
  storeName: string;
  storeEmail: string | null;
  logo: { url: string; alt: string } | null;
  social: Record<SocialKey, string | null>;
  /** A staff member looking at a page shoppers see (the shop is open for them). */
  preview: boolean;
}

function SocialLinks({ view }: { view: ClosedShopView }) {
  const present = SOCIAL_NETWORKS.filter((s) => view.social[s.key]);
  if (!present.length) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label="Social media">
      {present.map(({ key, label, Icon }) => (
        <li key={key}>
          <a
            href={view.social[key]!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${view.storeName} on ${label}`}
            className="inline-flex size-11 items-center justify-center rounded-full border border-ink/15 text-ink/80 transition-colors hover:border-ink/50 hover:text-ink"
          >
            <Icon className="size-[18px]" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The frame of a closed shop's page: the shop's name or logo, a message and a form, its social
 * links. No menus, cart or account links: nothing leads into the shop while it is closed.
 */
export function ClosedPage({
  view,
  eyebrow,
  title,
  children,
}: {
  view: ClosedShopView;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface" data-testid="closed-shop">
      {view.preview && (
        <p className="bg-ink px-4 py-2.5 text-center text-sm text-background" data-testid="staff-preview-note">
          Staff preview: you see the open shop; shoppers see this page while the mode is on.{' '}
          <a href="/" className="font-semibold underline underline-offset-2">
            Back to the shop
          </a>
        </p>
      )}
      <main id="main-content" className="flex flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6 md:py-16">
        <div className="w-full max-w-md">
          <div className="mb-8 flex justify-center">
            {view.logo ? (
              <img
                src={view.logo.url}
                alt={view.logo.alt || view.storeName}
                className="h-12 w-auto max-w-[200px] object-contain"
              />
            ) : (
              <span className="font-heading text-2xl font-semibold tracking-tight">{view.storeName}</span>
            )}
          </div>
          <section className="rounded-3xl bg-background px-5 py-8 shadow-[0_20px_60px_-30px_rgb(0_0_0/0.35)] ring-1 ring-ink/10 sm:px-8 md:py-10">
            <p className="text-center text-xs font-semibold tracking-[0.18em] text-primary uppercase">{eyebrow}</p>
            <h1 className="mt-3 text-center text-3xl leading-tight font-semibold text-balance md:text-4xl">{title}</h1>
            <div className="mt-6">{children}</div>
          </section>
          <div className="mt-8 space-y-4 text-center text-sm text-muted">
            <SocialLinks view={view} />
            {view.storeEmail && (
              <p>
                Questions?{' '}
                <a
                  href={`mailto:${view.storeEmail}`}
                  className="inline-flex min-h-11 items-center font-medium text-ink underline underline-offset-2"
                >
                  {view.storeEmail}
                </a>
              </p>
            )}
            <p>
              © {new Date().getFullYear()} {view.storeName}
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}

export interface SubscribeAnswer {
  ok: boolean;
  message: string;
  error?: string;
}

/**
 * "Tell me when you open": posts to the page's own action (subscribe-to-mode). Stays on the page
 * with JavaScript; without it the form posts and the page answers with the result.
 */
export function SubscribeForm({ fallback }: { fallback?: SubscribeAnswer | undefined }) {
  const fetcher = useFetcher<SubscribeAnswer>();
  const id = useId();
  const answer = fetcher.data ?? fallback;
  const busy = fetcher.state !== 'idle';
  if (answer?.ok) {
    return (
      <p
        role="status"
        className="flex items-start gap-2.5 rounded-2xl bg-emerald-50 px-4 py-3.5 text-sm font-medium text-emerald-900"
        data-testid="subscribe-success"
      >
        <CheckIcon className="mt-0.5 size-4 shrink-0" />
        {answer.message}
      </p>
    );
  }
  const error = answer?.error;
  return (
    <fetcher.Form method="post" noValidate className="space-y-3" data-testid="subscribe-form">
      <input type="hidden" name="intent" value="subscribe" />
      <FieldFrame id={`${id}-email`} label="Your e-mail address" error={error}>
        <div className="relative">
          <MailIcon className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted" />
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-email-error` : undefined}
            className={`${inputClass} ${inputBorder(error)} pl-10`}
          />
        </div>
      </FieldFrame>
      {answer && !answer.ok && !answer.error && (
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {answer.message}
        </p>
      )}
      <button type="submit" disabled={busy} className="btn btn-primary h-12 w-full">
        {busy && <Spinner />}
        Notify me
      </button>
    </fetcher.Form>
  );
}
