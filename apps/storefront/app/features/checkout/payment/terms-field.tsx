import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AlertIcon } from '../../../components/ui/icons';
import { TERMS_FIELD, TERMS_OFFERED_FIELD, type PaymentStepResult } from '../payment-view';

type Refusal = Extract<PaymentStepResult, { ok: false }>;

/**
 * The terms box of Place order, when the shop asks for it: ticked as a plain form posted it
 * (without JavaScript a refused Place order comes back with the tick as it was); without a tick
 * Place order is stopped and the shopper told at once, beside the box (the server says the
 * same). Each time, the box is brought into view and focused.
 */
export function useTermsCheck({
  offered,
  failed,
  requiredMessage,
}: {
  offered: boolean;
  failed: Refusal | null;
  /** The server's own text for an unticked box. */
  requiredMessage: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [ticked, setTicked] = useState(failed?.kept?.terms ?? false);
  /** Counts the times the box is pointed at (Place order without a tick): each brings it into view. */
  const [prompt, setPrompt] = useState(0);
  const [seenFailure, setSeenFailure] = useState(failed);
  if (seenFailure !== failed) {
    setSeenFailure(failed);
    if (failed?.errors[TERMS_FIELD]?.[0]) {
      setError(failed.errors[TERMS_FIELD][0]);
      setPrompt((n) => n + 1);
    }
  }
  const shownError = error ?? failed?.errors[TERMS_FIELD]?.[0] ?? null;

  // The box and its message are brought into view above the phone's sticky Place order bar and
  // bottom navigation (both fixed over the page) before the focus moves there, once the message
  // is on the page.
  const fieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (prompt === 0) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    fieldRef.current?.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    document.getElementById('accept-terms')?.focus({ preventScroll: true });
  }, [prompt]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (offered && !ticked) {
      e.preventDefault();
      setError(requiredMessage);
      setPrompt((n) => n + 1);
    }
  };
  const onTick = (checked: boolean) => {
    setTicked(checked);
    if (checked) setError(null);
  };
  return { ticked, onTick, error: shownError, fieldRef, onSubmit };
}

/** The terms box and its message, linking the shop's terms page when it has one (a new tab). */
export function TermsField({
  check,
  termsPage,
}: {
  check: ReturnType<typeof useTermsCheck>;
  termsPage: { slug: string } | null;
}) {
  const { ticked, onTick, error, fieldRef } = check;
  return (
    <div
      ref={fieldRef}
      // Scrolled to (and focused) clear of the phone's fixed Place order bar and bottom navigation.
      className={`mb-4 scroll-mt-24 scroll-mb-48 rounded-xl transition-colors md:scroll-mb-8 ${
        error ? '-mx-3 bg-red-50 px-3 py-2 ring-1 ring-red-200' : ''
      }`}
      data-testid="terms-field"
    >
      <input type="hidden" name={TERMS_OFFERED_FIELD} value="1" />
      <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm text-ink select-none">
        <input
          id="accept-terms"
          type="checkbox"
          name={TERMS_FIELD}
          checked={ticked}
          onChange={(e) => onTick(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'accept-terms-error' : undefined}
          className="mt-0.5 size-5 shrink-0 scroll-mt-24 scroll-mb-48 rounded border-ink/30 accent-[var(--sf-primary)] md:scroll-mb-8"
        />
        <span>
          I have read and accept the{' '}
          {termsPage ? (
            <Link
              to={`/${termsPage.slug}`}
              target="_blank"
              className="font-semibold underline underline-offset-2 hover:no-underline"
            >
              terms and conditions
            </Link>
          ) : (
            'terms and conditions'
          )}
        </span>
      </label>
      {error && (
        <p
          id="accept-terms-error"
          className="mt-1 flex items-start gap-2 pl-8 text-sm font-semibold text-red-700"
          data-field-error
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
    </div>
  );
}
