import { useEffect, useId, useRef } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { Application } from '@shopfront/shared';
import { LocalTime } from '../../components/local-time';
import { FieldFrame, inputBorder, textareaClass } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { CANCEL_INTENT, CANCEL_KEY_FIELD, type CancelResult } from './cancel-application-form';

const card = 'rounded-2xl border border-ink/10 bg-background p-5 md:p-7';

/** The applicant's request to cancel, while the business has not answered it (shown at the top). */
export function CancelRequested({ application }: { application: Application }) {
  const { requested_at: at, request_reason: reason } = application.cancel;
  if (!at) return null;
  return (
    <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="cancel-requested">
      <span className="font-semibold">
        You asked to cancel on <LocalTime iso={at} dateOnly />.
      </span>{' '}
      {reason && <>“{reason}” </>}We will reply in Messages below.
    </p>
  );
}

/** Why the applicant asks rather than cancels: work has started, or the fee is settled with us (paid at the office). */
function askingWhy(application: Application): string {
  return application.stage === 'submitted'
    ? 'We arrange the refund of your fee with you, so we need to agree to cancel it. Tell us why, and we will reply in Messages.'
    : 'Work on your application has started, so we need to agree to stop it. Tell us why, and we will reply in Messages.';
}

/**
 * Cancel this application, as the server allows it (`cancel.action`): at once before work
 * starts, a fee paid online refunded; or a request with its reason that the business answers
 * (work has started, or the fee was paid offline). A disclosure, so it stays out of the way and
 * works without JavaScript (a refusal then comes back as the page's action data).
 */
export function CancelApplication({ application, cancelKey }: { application: Application; cancelKey: string }) {
  const id = useId();
  const fetcher = useFetcher<CancelResult>();
  const noScript = useActionData() as CancelResult | { intent?: undefined } | undefined;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failed = answer && !answer.ok ? answer : noScript?.intent === CANCEL_INTENT && !noScript.ok ? noScript : null;
  const reasonError = failed?.reasonError;
  // A refused reason is announced where it is typed: focus goes back to the field.
  useEffect(() => {
    if (reasonError) textarea.current?.focus();
  }, [failed, reasonError]);
  const action = application.cancel.action;
  if (!action) return null;
  const busy = fetcher.state !== 'idle';
  const asking = action === 'request';
  return (
    <section aria-labelledby={`${id}-title`} className={card} data-testid="cancel-application">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {asking ? 'Ask to cancel' : 'Cancel this application'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {asking
          ? askingWhy(application)
          : 'Work has not started yet, so you can cancel now. A fee paid online is refunded to the way you paid.'}
      </p>
      <details className="group mt-4" open={failed ? true : undefined}>
        <summary className="btn btn-outline h-11 cursor-pointer list-none px-5 [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">{asking ? 'Ask to cancel…' : 'Cancel application…'}</span>
          <span className="hidden group-open:inline">{asking ? 'Not now' : 'Keep my application'}</span>
        </summary>
        <fetcher.Form method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={CANCEL_INTENT} />
          <input type="hidden" name={CANCEL_KEY_FIELD} value={cancelKey} />
          <FieldFrame
            id={`${id}-reason`}
            label={asking ? 'Why do you want to cancel?' : 'Why are you cancelling? (optional)'}
            error={reasonError}
          >
            <textarea
              ref={textarea}
              id={`${id}-reason`}
              name="reason"
              rows={3}
              maxLength={500}
              required={asking}
              defaultValue={failed?.reason ?? ''}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              className={`${textareaClass} ${inputBorder(reasonError)}`}
            />
          </FieldFrame>
          {failed && !reasonError && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {failed.message}
            </p>
          )}
          <button
            type="submit"
            disabled={busy}
            className={`btn h-11 px-5 ${asking ? 'btn-primary' : 'bg-red-700 text-white hover:bg-red-800'}`}
          >
            {busy && <Spinner />}
            {asking ? 'Send request' : 'Cancel application'}
          </button>
        </fetcher.Form>
      </details>
    </section>
  );
}
