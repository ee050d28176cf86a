import { useEffect, useId, useRef } from 'react';
import { useFetcher } from 'react-router';
import { inputBorder, inputClass } from '../../components/ui/field';
import { CheckIcon } from '../../components/ui/icons';

/** What the signup action answers. */
export interface NewsletterResult {
  ok: boolean;
  message: string;
  /** What was typed, kept after an error. */
  email: string;
}

/** Where the signup posts (routes/newsletter.tsx: its action; without JavaScript, its page). */
export const NEWSLETTER_ACTION = '/newsletter';

/** Where a signup form is (email_subscribers.source): the footer band, /newsletter, a page's newsletter section. */
export type NewsletterFormSource = 'footer' | 'page' | 'section';
export const NEWSLETTER_FORM_SOURCES: readonly NewsletterFormSource[] = ['footer', 'page', 'section'];

/**
 * The newsletter signup form (emailSubscription plugin): e-mail and a Subscribe button, posting
 * to /newsletter (works without JavaScript: the page answers). Success and error are announced
 * beside it; the server's answer never tells whether the address was already on the list.
 */
export function NewsletterForm({
  source,
  result: pageResult,
  tone = 'footer',
  buttonLabel = 'Subscribe',
  formKey = source,
}: {
  source: NewsletterFormSource;
  /** The answer of a post made without JavaScript (the /newsletter page). */
  result?: NewsletterResult | undefined;
  /** footer: on a dark or coloured band (light button); page: on the page's own background. */
  tone?: 'footer' | 'page';
  buttonLabel?: string;
  /** Tells two forms of one page apart (each newsletter section has its own answer). */
  formKey?: string;
}) {
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${formKey}` });
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const result = fetcher.data ?? pageResult;
  const busy = fetcher.state !== 'idle';

  useEffect(() => {
    // Signed up: the box is emptied for the next address (a failed one keeps what was typed).
    if (fetcher.data?.ok && inputRef.current) inputRef.current.value = '';
  }, [fetcher.data]);

  const error = result && !result.ok ? result.message : undefined;
  const footer = tone === 'footer';
  return (
    <div>
      <fetcher.Form method="post" action={NEWSLETTER_ACTION} noValidate className="flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="source" value={source} />
        <label htmlFor={`${id}-email`} className="sr-only">
          E-mail address
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="Your e-mail address"
          defaultValue={result && !result.ok ? result.email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
          className={`${inputClass} ${inputBorder(error)} min-w-0 sm:flex-1 ${footer ? 'text-ink' : ''}`}
        />
        <button
          type="submit"
          disabled={busy}
          className={`btn h-12 shrink-0 px-6 ${footer ? 'btn-light' : 'btn-primary'}`}
        >
          {busy ? 'Subscribing…' : buttonLabel}
        </button>
      </fetcher.Form>
      <div id={`${id}-status`} role="status" aria-live="polite" className="mt-2 min-h-5 text-sm">
        {result?.ok && (
          <p className="flex items-start gap-2 font-medium" data-newsletter-result="success">
            <CheckIcon className="mt-0.5 size-4 shrink-0" />
            {result.message}
          </p>
        )}
        {error && (
          <p
            className={`font-medium ${footer ? 'rounded-lg bg-red-50 px-3 py-2 text-red-800' : 'text-red-700'}`}
            data-newsletter-result="error"
          >
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
