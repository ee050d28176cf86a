import { useState } from 'react';
import { adminApplicationsApi, type AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call } from '../../lib/api';
import { formatWhen } from '../../lib/format';
import { Area, Field, fieldError, fieldsOf } from '../orders/fields';
import { Section } from '../orders/order-sections';
import { useApplicationAction } from './queries';

type App = AdminApplication;

/** The thread with the applicant (plain text both ways) and a box to write to them. */
export function Thread({ app }: { app: App }) {
  const [body, setBody] = useState('');
  const send = useApplicationAction(
    app.id,
    () => call(adminApplicationsApi.message, { params: { id: app.id }, body: { body } }),
    'Message sent',
  );
  return (
    <Section title="Messages" testId="application-thread">
      {app.messages.length === 0 ? (
        <p className="mb-3 text-sm text-muted">No messages yet.</p>
      ) : (
        <ul className="mb-3 space-y-2">
          {app.messages.map((m) => (
            <li
              key={m.id}
              className={`max-w-[85%] rounded-2xl p-3 text-sm ${m.author === 'staff' ? 'ml-auto bg-stone-800 text-white' : 'bg-stone-100'}`}
            >
              <p className="whitespace-pre-line">{m.body}</p>
              <p className={`mt-1 text-xs ${m.author === 'staff' ? 'text-stone-300' : 'text-muted'}`}>
                {m.author === 'staff' ? 'Us' : app.name} · {formatWhen(m.at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        id="write-message"
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(undefined, { onSuccess: () => setBody('') });
        }}
      >
        <Area
          label="Write to the applicant"
          description="They are told by e-mail or SMS and read it on their application."
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={fieldError(fieldsOf(send.error), 'body')}
        />
        <Button type="submit" isDisabled={send.isPending || !body.trim()}>
          Send message
        </Button>
      </form>
    </Section>
  );
}

/** The documents asked of the applicant, open or answered, and a box to ask for another. */
export function DocumentRequests({ app }: { app: App }) {
  const [what, setWhat] = useState('');
  const ask = useApplicationAction(
    app.id,
    () => call(adminApplicationsApi.requestDocument, { params: { id: app.id }, body: { what } }),
    'Document requested',
  );
  return (
    <Section title="Document requests" testId="application-requests">
      {app.document_requests.length > 0 && (
        <ul className="mb-3 space-y-2 text-sm">
          {app.document_requests.map((r) => (
            <li key={r.id} className="flex items-start justify-between gap-3 rounded-xl bg-stone-50 p-3">
              <span>
                {r.what}
                <span className="block text-muted">{formatWhen(r.created_at)}</span>
              </span>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${r.status === 'open' ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-emerald-50 text-emerald-900 ring-emerald-200'}`}
              >
                {r.status === 'open' ? 'Waiting' : 'Answered'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {!app.documents_open ? (
        <p className="text-sm text-muted">This application has ended: the applicant can no longer upload documents.</p>
      ) : (
        <form
          id="ask-document"
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            ask.mutate(undefined, { onSuccess: () => setWhat('') });
          }}
        >
          <Field
            label="Ask for a document"
            description="For example: a cancelled cheque. The applicant uploads it on their application."
            value={what}
            maxLength={300}
            onChange={(e) => setWhat(e.target.value)}
            error={fieldError(fieldsOf(ask.error), 'what')}
          />
          <Button type="submit" isDisabled={ask.isPending || !what.trim()}>
            Request document
          </Button>
        </form>
      )}
    </Section>
  );
}
