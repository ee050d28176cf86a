import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { Stars } from '../../components/stars';
import { Spinner } from '../../components/ui/spinner';
import { ScriptFlag } from '../cart/script-flag';
import type { OrderActionResult } from './order-actions';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

const STAR = 'M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8L10 1.5z';

/**
 * The rating screen (spec section 2): 1 to 5 stars as a radio group (arrow keys move between
 * them), an optional comment, sent once (rate-experience). The stars up to the chosen one fill
 * by CSS alone, so the form works without JavaScript.
 */
export function RatingForm({
  orderId,
  fetcherKey,
  noScriptAnswer,
  submitLabel = 'Submit rating',
}: {
  orderId: string;
  fetcherKey: string;
  /** The page's action answer when the form was sent without JavaScript. */
  noScriptAnswer?: OrderActionResult | undefined;
  submitLabel?: string;
}) {
  const fetcher = useFetcher<OrderActionResult>({ key: fetcherKey });
  const id = useId();
  const [chosen, setChosen] = useState(0);
  const busy = fetcher.state !== 'idle';
  const answer =
    fetcher.state === 'idle' && fetcher.data
      ? fetcher.data
      : noScriptAnswer?.intent === 'rate' && noScriptAnswer.orderId === orderId
        ? noScriptAnswer
        : undefined;
  const failed = answer && !answer.ok ? answer : null;
  const ratingError = failed?.errors.rating?.[0];
  const commentError = failed?.errors.comment?.[0];
  const otherError = failed && !ratingError && !commentError ? failed.message : null;

  if (answer?.ok) {
    return (
      <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
        {answer.intent === 'rate' ? (answer.message ?? 'Thank you for your rating') : 'Saved'}
      </p>
    );
  }

  return (
    <fetcher.Form method="post" className="mt-4 space-y-4" data-testid="rating-form">
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="order_id" value={orderId} />
      <ScriptFlag />
      <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-medium">How was your experience?</legend>
        <div className="mt-2 flex items-center gap-1">
          {WORDS.map((word, i) => {
            const n = i + 1;
            return (
              <label
                key={n}
                title={word}
                className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full text-ink/20 transition-colors has-[:checked]:text-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/50 hover:text-accent [&:has(~label:hover)]:text-accent [&:has(~label_:checked)]:text-accent"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  onChange={() => setChosen(n)}
                  className="sr-only"
                  aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${word}`}
                />
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false" className="size-8">
                  <path d={STAR} />
                </svg>
              </label>
            );
          })}
          <span className="ml-2 text-sm font-medium text-muted" aria-hidden="true">
            {chosen ? WORDS[chosen - 1] : ''}
          </span>
        </div>
        {ratingError && (
          <p id={`${id}-rating-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
            {ratingError}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="mb-1.5 block text-sm font-medium">
          Tell us more <span className="text-xs text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={3}
          maxLength={1000}
          aria-invalid={commentError ? true : undefined}
          className={`block w-full rounded-xl border bg-background px-4 py-3 text-[15px] focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none ${
            commentError ? 'border-red-600' : 'border-ink/15'
          }`}
        />
        {commentError && <p className="mt-1.5 text-sm font-medium text-red-700">{commentError}</p>}
      </div>
      {otherError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {otherError}
        </p>
      )}
      <button type="submit" disabled={busy} className="btn btn-primary h-11 px-6">
        {busy && <Spinner />}
        {submitLabel}
      </button>
    </fetcher.Form>
  );
}

/** A rating already given: its stars and comment. */
export function GivenRating({ rating, comment }: { rating: number; comment: string | null }) {
  return (
    <div className="mt-3 text-sm" data-testid="given-rating">
      <p className="flex items-center gap-2">
        <Stars rating={rating} className="h-5" label={`You rated ${rating} out of 5`} />
        <span className="font-medium">{WORDS[rating - 1] ?? ''}</span>
      </p>
      {comment && <p className="mt-2 text-ink/80">“{comment}”</p>}
    </div>
  );
}
