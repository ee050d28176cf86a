import type { AdminApplication } from '@shopfront/shared';
import { Section } from '../orders/order-sections';
import { formatDay, formatWhen } from '../../lib/format';
import { SendDocument } from './send-document';
import { isPast } from './stage-pill';

type App = AdminApplication;

const sizeOf = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1_048_576
      ? `${Math.round(bytes / 1024)} kB`
      : `${(bytes / 1_048_576).toFixed(1)} MB`;

/** Who applied and how to reach them (the fee has its own card: fee-card.tsx). */
export function Applicant({ app }: { app: App }) {
  return (
    <Section title="Applicant" testId="application-applicant">
      <p className="font-medium">{app.name}</p>
      {app.phone && (
        <p>
          <a className="text-sm underline underline-offset-2" href={`tel:${app.phone}`}>
            {app.phone}
          </a>
        </p>
      )}
      {app.email && (
        <p className="break-all">
          <a className="text-sm underline underline-offset-2" href={`mailto:${app.email}`}>
            {app.email}
          </a>
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Sent</dt>
        <dd>{formatWhen(app.created_at)}</dd>
      </dl>
    </Section>
  );
}

/** The answers to the service's form; a file answer downloads through the authorised route. */
export function Answers({ app }: { app: App }) {
  const docs = new Map(app.documents.map((d) => [d.id, d]));
  return (
    <Section title="Form answers" testId="application-answers">
      <dl className="space-y-3">
        {app.answers.map((a) => {
          const doc = a.document_id !== null ? docs.get(a.document_id) : undefined;
          return (
            <div key={a.key}>
              <dt className="text-sm text-muted">{a.label}</dt>
              <dd className="break-words whitespace-pre-line">
                {doc ? (
                  <a className="underline underline-offset-2" href={doc.download_path} download={doc.original_name}>
                    {doc.original_name}
                  </a>
                ) : a.value === null ? (
                  <span className="text-muted">Not given</span>
                ) : a.type === 'date' ? (
                  formatDay(a.value)
                ) : (
                  a.value
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </Section>
  );
}

/** Every document of the application, downloaded only by staff and the applicant. */
export function Documents({ app }: { app: App }) {
  const asked = new Map(app.document_requests.map((r) => [r.id, r.what]));
  return (
    <Section title={`Documents (${app.documents.length})`} testId="application-documents">
      {app.documents.length === 0 ? (
        <p className="text-sm text-muted">No documents yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {app.documents.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="truncate font-medium">{d.original_name}</p>
                <p className="text-sm text-muted">
                  {d.uploaded_by === 'staff' ? 'From us' : 'From the applicant'}
                  {d.request_id !== null && asked.has(d.request_id) ? ` · for “${asked.get(d.request_id)}”` : ''} ·{' '}
                  {sizeOf(d.size_bytes)} · {formatWhen(d.created_at)}
                </p>
              </div>
              <a className="btn btn-outline shrink-0" href={d.download_path} download={d.original_name}>
                Download<span className="sr-only"> {d.original_name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <SendDocument app={app} />
    </Section>
  );
}

/** The stage timeline: each stage, when it was reached, the next one's expected date; then the moves with their notes. */
export function Timeline({ app }: { app: App }) {
  const ended = app.stage === 'rejected' || app.stage === 'cancelled';
  return (
    <Section title="Stages" testId="application-timeline">
      <ol className="space-y-2">
        {app.steps.map((s) => (
          <li key={s.key} className="flex gap-3" aria-current={s.active ? 'step' : undefined}>
            <span
              aria-hidden="true"
              className={`mt-1 size-3 shrink-0 rounded-full ${s.active && ended ? 'bg-red-600' : s.active ? 'bg-brand ring-4 ring-brand/20' : s.completed ? 'bg-emerald-600' : 'border-2 border-stone-300'}`}
            />
            <div>
              <p className={s.completed || s.active ? 'font-medium' : 'text-muted'}>
                {s.label}
                {s.completed && !s.active && <span className="sr-only"> (done)</span>}
              </p>
              {s.at && <p className="text-sm text-muted">{formatWhen(s.at)}</p>}
              {s.active && app.rejection_reason && <p className="text-sm">{app.rejection_reason}</p>}
              {s.expected_at && (
                <p className={`text-sm ${isPast(s.expected_at) ? 'font-medium text-red-700' : 'text-muted'}`}>
                  Expected by {formatDay(s.expected_at)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      <h3 className="mt-4 mb-2 text-sm font-semibold">History</h3>
      <ul className="space-y-2 text-sm" data-testid="application-history">
        {app.history.map((e, i) => (
          <li key={i} className="rounded-xl bg-stone-50 p-3">
            <p>
              <span className="font-medium">{e.to_label}</span>
              <span className="text-muted"> · {formatWhen(e.at)}</span>
            </p>
            {e.note && <p className="mt-1 whitespace-pre-line">{e.note}</p>}
          </li>
        ))}
      </ul>
    </Section>
  );
}
