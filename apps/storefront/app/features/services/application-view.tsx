import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useRevalidator, useSearchParams } from 'react-router';
import {
  ApiError,
  NETWORK_ERROR,
  applicationsApi,
  callEndpoint,
  type Application,
  type CouponOffer,
  type Order,
} from '@shopfront/shared';
import { LocalTime } from '../../components/local-time';
import { FieldFrame, inputBorder, inputClass, textareaClass } from '../../components/ui/field';
import { CheckIcon, CloseIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { multipartTransport } from '../../lib/multipart-transport';
import { usePurchaseEvents } from '../orders/purchase-events';
import type { MessageResult } from './application-page.server';
import { FeePayment } from './fee-payment';
import { feeNotice, type FeeNotice } from './fee-payment-form';
import { CancelApplication, CancelRequested } from './cancel-application';
import { cancelNotice } from './cancel-application-form';
import { sizeText, stageTone } from './service-text';

const card = 'rounded-2xl border border-ink/10 bg-background p-5 md:p-7';

const NOTICE_TONES: Record<FeeNotice['tone'], string> = {
  done: 'bg-emerald-50 text-emerald-900',
  due: 'bg-amber-50 text-amber-900',
  failed: 'bg-red-50 text-red-800',
};

/** The stage as a coloured pill: done (green), ended (red/grey), on its way (the theme's primary). */
export function StageBadge({ stage, label, done = false }: { stage: string; label: string; done?: boolean }) {
  const tone = {
    done: 'bg-emerald-50 text-emerald-800',
    ended: 'bg-red-50 text-red-800',
    waiting: 'bg-amber-50 text-amber-900',
    moving: 'bg-primary/10 text-primary',
  }[stageTone(stage, done)];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`} data-stage={stage}>
      {label}
    </span>
  );
}

/**
 * The stages: those done ticked, the current one ringed (ticked too once it is the last: done); an
 * ended application's ending is its last, red step.
 */
function Timeline({ application }: { application: Application }) {
  const ended = stageTone(application.stage) === 'ended';
  // At its last stage it is done: that step is ticked too.
  const finished = !ended && application.steps.at(-1)?.active === true;
  return (
    <section aria-labelledby="application-stages" className={card}>
      <h2 id="application-stages" className="text-lg font-semibold">
        Stages
      </h2>
      <ol className="mt-4" data-testid="application-timeline">
        {application.steps.map((step, i, all) => (
          <li
            key={step.key}
            className="relative flex gap-3 pb-5 last:pb-0"
            aria-current={step.active ? 'step' : undefined}
            data-completed={step.completed || undefined}
          >
            {i < all.length - 1 && (
              <span
                aria-hidden="true"
                className={`absolute top-8 bottom-0 left-[15px] w-px ${step.completed ? 'bg-primary' : 'bg-ink/15'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                step.active && ended
                  ? 'bg-red-700 text-white ring-4 ring-red-700/15'
                  : step.completed
                    ? 'bg-primary text-on-primary'
                    : 'border border-ink/20 bg-background text-muted'
              } ${step.active && !ended ? 'ring-4 ring-primary/20' : ''}`}
            >
              {step.active && ended ? (
                <CloseIcon className="size-4" />
              ) : step.completed && (!step.active || finished) ? (
                <CheckIcon className="size-4" />
              ) : (
                i + 1
              )}
            </span>
            <span className="min-w-0 pt-1">
              <span
                className={`block ${step.active ? 'font-semibold' : step.completed ? 'font-medium' : 'text-muted'}`}
              >
                {step.label}
                {step.active && <span className="sr-only"> (current stage)</span>}
                {step.completed && !step.active && <span className="sr-only"> (done)</span>}
              </span>
              {step.at && (
                <span className="block text-sm text-muted">
                  <LocalTime iso={step.at} dateOnly />
                </span>
              )}
              {step.expected_at && (
                <span className="block text-sm text-muted">
                  Expected by <LocalTime iso={step.expected_at} dateOnly />
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One file answering a document request (or added of the applicant's own accord), sent from the browser. */
function DocumentUpload({
  reference,
  requestId,
  label,
}: {
  reference: string;
  requestId: number | null;
  label: string;
}) {
  const id = useId();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError('Please choose a file to upload');
      return;
    }
    if (requestId !== null) form.set('request_id', String(requestId));
    setBusy(true);
    setError(null);
    try {
      const answer = await callEndpoint(multipartTransport(form, {}), applicationsApi.upload, {
        params: { ref: reference },
      });
      setDone(answer.message ?? null);
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? (err.errors.file?.[0] ?? err.message) : NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
      <FieldFrame id={id} label={label} error={error ?? undefined} hint="PDF, JPEG, PNG or WebP" className="flex-1">
        <input
          id={id}
          name="file"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={`${inputClass} ${inputBorder(error ?? undefined)} h-auto py-2.5 file:mr-3 file:rounded-lg file:border-0 file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-ink`}
        />
      </FieldFrame>
      <button type="submit" disabled={busy} className="btn btn-primary h-12 px-5 sm:mt-7">
        {busy && <Spinner />}
        Upload
      </button>
      {done && (
        <p role="status" className="sr-only">
          {done}
        </p>
      )}
    </form>
  );
}

function Requests({ application, reference }: { application: Application; reference: string }) {
  const open = application.document_requests.filter((r) => r.status === 'open');
  // An ended application asks for nothing more.
  if (open.length === 0 || !application.documents_open) return null;
  return (
    <section aria-labelledby="application-requests" className={`${card} border-amber-300 bg-amber-50/40`}>
      <h2 id="application-requests" className="text-lg font-semibold">
        We need from you
      </h2>
      <ul className="mt-3 divide-y divide-ink/10" data-testid="document-requests">
        {open.map((r) => (
          <li key={r.id} className="py-4 first:pt-0 last:pb-0">
            <p className="font-medium">{r.what}</p>
            <p className="text-sm text-muted">
              Asked on <LocalTime iso={r.created_at} dateOnly />
            </p>
            <DocumentUpload reference={reference} requestId={r.id} label={`Upload: ${r.what}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Thread({ application }: { application: Application }) {
  const id = useId();
  const fetcher = useFetcher<MessageResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const answer = fetcher.data;
  const busy = fetcher.state !== 'idle';
  const error = answer && !answer.ok ? (answer.errors.body?.[0] ?? answer.message) : undefined;
  useEffect(() => {
    if (fetcher.state === 'idle' && answer?.ok) formRef.current?.reset();
  }, [fetcher.state, answer]);
  return (
    <section aria-labelledby="application-thread" className={card}>
      <h2 id="application-thread" className="text-lg font-semibold">
        Messages
      </h2>
      {application.messages.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No messages yet. Ask us anything about your application.</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="application-messages">
          {application.messages.map((m) => (
            <li
              key={m.id}
              className={`max-w-[85%] rounded-2xl px-4 py-3 text-[15px] ${
                m.author === 'applicant' ? 'ml-auto bg-primary/10' : 'bg-surface'
              }`}
            >
              <p className="text-xs font-semibold text-muted">
                {m.author === 'applicant' ? 'You' : 'Our team'} · <LocalTime iso={m.at} />
              </p>
              <p className="mt-1 whitespace-pre-line">{m.body}</p>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form method="post" ref={formRef} noValidate className="mt-5 space-y-3">
        <FieldFrame id={id} label="Write to us" error={error}>
          <textarea
            id={id}
            name="body"
            rows={3}
            maxLength={4000}
            defaultValue={answer && !answer.ok ? answer.body : ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${textareaClass} ${inputBorder(error)}`}
          />
        </FieldFrame>
        <button type="submit" disabled={busy} className="btn btn-primary h-11 px-5">
          {busy && <Spinner />}
          Send message
        </button>
        {answer?.ok && (
          <p role="status" className="text-sm text-muted">
            {answer.message}
          </p>
        )}
      </fetcher.Form>
    </section>
  );
}

function Answers({ application }: { application: Application }) {
  const docs = new Map(application.documents.map((d) => [d.id, d]));
  return (
    <section aria-labelledby="application-answers" className={card}>
      <h2 id="application-answers" className="text-lg font-semibold">
        Your answers
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        {application.answers.map((a) => {
          const doc = a.document_id !== null ? docs.get(a.document_id) : undefined;
          return (
            <div key={a.key} className="contents">
              <dt className="text-muted">{a.label}</dt>
              <dd className="break-words max-sm:-mt-2 max-sm:mb-1">
                {doc ? (
                  <a href={doc.download_path} download className="font-medium underline underline-offset-2">
                    {doc.original_name}
                  </a>
                ) : (
                  <span className="whitespace-pre-line">{a.value || '—'}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function Documents({ application, reference }: { application: Application; reference: string }) {
  return (
    <section aria-labelledby="application-documents" className={card}>
      <h2 id="application-documents" className="text-lg font-semibold">
        Documents
      </h2>
      {application.documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No documents yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink/10" data-testid="application-documents">
          {application.documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-3">
              <a href={d.download_path} download className="min-w-0 font-medium break-all underline underline-offset-2">
                {d.original_name}
              </a>
              <span className="text-sm text-muted">
                {sizeText(d.size_bytes)} · {d.uploaded_by === 'applicant' ? 'from you' : 'from our team'} ·{' '}
                <LocalTime iso={d.created_at} dateOnly />
              </span>
            </li>
          ))}
        </ul>
      )}
      {application.documents_open && <DocumentUpload reference={reference} requestId={null} label="Add a document" />}
    </section>
  );
}

/**
 * The fee's purchase event (issue 27: analytics as for products): the paid fee order's, fired by
 * the goods orders' own hook, so once per order and plugin, only for installed and consented ones.
 */
function FeePurchaseEvents({ order }: { order: Order }) {
  usePurchaseEvents(order);
  return null;
}

/**
 * One application as its applicant follows it: where it stands, its stages with their dates,
 * what the business asks for (each request with its upload), the thread, the answers sent and
 * the documents (downloaded through the API, which checks who asks). `reference` is how the page
 * reached it (the account's id, or the tracking link's token): uploads and downloads use the same.
 */
export function ApplicationView({
  application,
  reference,
  feeKey,
  cancelKey,
  feeOffers,
  feeOrder,
}: {
  application: Application;
  reference: string;
  /** The Idempotency-Key of this page's "pay the fee" (a double click pays once). */
  feeKey: string;
  /** The Idempotency-Key of this page's cancel (a double click cancels once). */
  cancelKey: string;
  /** The coupons on offer for the fee (the pay form lists them). */
  feeOffers: readonly CouponOffer[];
  /** The paid fee's order when this shopper may read it (its purchase event); else null. */
  feeOrder: Order | null;
}) {
  const [search] = useSearchParams();
  const notice = feeNotice(search.get('fee'), application.application_no) ?? cancelNotice(search.get('cancel'));
  return (
    <div className="space-y-5 md:space-y-6" data-application={application.application_no}>
      {feeOrder && <FeePurchaseEvents order={feeOrder} />}
      {notice && (
        <p
          role={notice.tone === 'failed' ? 'alert' : 'status'}
          data-testid="fee-notice"
          className={`rounded-2xl px-5 py-4 font-medium ${NOTICE_TONES[notice.tone]}`}
        >
          {notice.text}
        </p>
      )}
      <header className={card}>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <p className="font-mono text-base font-semibold" data-testid="application-no">
            {application.application_no}
          </p>
          <StageBadge
            stage={application.stage}
            label={application.stage_label}
            done={application.steps.at(-1)?.active === true}
          />
        </div>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Applied on</dt>
          <dd>
            <LocalTime iso={application.created_at} dateOnly />
          </dd>
          <dt className="text-muted">Fee</dt>
          <dd>{application.fee ? application.fee.formatted : 'We will send you a quote'}</dd>
          {application.fee_coupon && (
            <>
              <dt className="text-muted">Coupon {application.fee_coupon.code}</dt>
              <dd data-testid="fee-coupon">−{application.fee_coupon.discount.formatted}</dd>
              <dt className="text-muted">To pay</dt>
              <dd className="font-semibold" data-testid="fee-total">
                {application.fee_coupon.total.formatted}
              </dd>
            </>
          )}
          {application.fee_refund && (
            <>
              <dt className="text-muted">{application.fee_refund.pending ? 'Being refunded' : 'Refunded'}</dt>
              <dd data-testid="fee-refund">{application.fee_refund.amount.formatted}</dd>
            </>
          )}
        </dl>
        {application.fee_methods.length > 0 ? (
          <FeePayment application={application} feeKey={feeKey} offers={feeOffers} />
        ) : (
          application.stage === 'awaiting_payment' && (
            <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Next: the fee. We will contact you with how to pay it; work starts once it is paid.
            </p>
          )
        )}
        {application.quote_note && <p className="mt-3 text-sm">{application.quote_note}</p>}
        {application.rejection_reason && (
          <p className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            <span className="font-semibold">Reason: </span>
            {application.rejection_reason}
          </p>
        )}
        <CancelRequested application={application} />
      </header>
      <Requests application={application} reference={reference} />
      <div className="grid gap-5 md:gap-6 lg:grid-cols-2">
        <Timeline application={application} />
        <Thread application={application} />
      </div>
      <Answers application={application} />
      <Documents application={application} reference={reference} />
      <CancelApplication application={application} cancelKey={cancelKey} />
    </div>
  );
}
