import { Suspense, lazy, useState } from 'react';
import { ApiError, adminApplicationsApi, type AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { Area, fieldError, fieldsOf } from '../orders/fields';
import { Sheet, SheetButtons } from '../orders/sheet';
import { useApplicationAction } from './queries';

/** The dialogs (react-aria's Modal and Dialog) load when one first opens. */
const RefundFeeSheet = lazy(() => import('./fee-sheets').then((m) => ({ default: m.RefundFeeSheet })));
const MoveSheet = lazy(() => import('./move-sheet'));

type App = AdminApplication;

/**
 * The applicant asked to cancel once work had started: the owner decides here. Accept: the
 * fee's refund with the application cancelled (or, with no fee to refund, a move to cancelled);
 * Decline: the request is cleared and the answer goes to the applicant on the thread.
 */
export function CancelRequest({ app }: { app: App }) {
  const [open, setOpen] = useState<'accept' | 'decline' | null>(null);
  const { requested_at: at, request_reason: reason } = app.cancel;
  if (!at) return null;
  const refund = app.fee_status.can_refund;
  return (
    <section
      aria-labelledby="cancel-request-title"
      className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
      data-testid="cancel-request"
    >
      <h2 id="cancel-request-title" className="font-semibold">
        {app.name} asked to cancel on {formatDay(at)}
      </h2>
      {reason && <p className="mt-1 text-sm whitespace-pre-line">“{reason}”</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="danger" className="min-h-11" onPress={() => setOpen('accept')}>
          {refund ? 'Refund fee and cancel…' : 'Cancel application…'}
        </Button>
        <Button className="min-h-11" onPress={() => setOpen('decline')}>
          Decline…
        </Button>
      </div>
      <Suspense fallback={null}>
        {open === 'accept' &&
          (refund ? (
            <RefundFeeSheet app={app} cancelByDefault onClose={() => setOpen(null)} />
          ) : (
            <MoveSheet app={app} initialTo="cancelled" onClose={() => setOpen(null)} />
          ))}
      </Suspense>
      {open === 'decline' && <DeclineSheet app={app} onClose={() => setOpen(null)} />}
    </section>
  );
}

/** Decline the request: a note to the applicant, sent on the thread with the answer. */
function DeclineSheet({ app, onClose }: { app: App; onClose: () => void }) {
  const [note, setNote] = useState('');
  const decline = useApplicationAction(
    app.id,
    () => call(adminApplicationsApi.declineCancel, { params: { id: app.id }, body: { note: note || null } }),
    'Request declined',
  );
  const errors = fieldsOf(decline.error);
  const refused = decline.error instanceof ApiError && decline.error.status === 409 ? decline.error.message : null;
  return (
    <Sheet title="Decline the request to cancel?" isOpen onClose={onClose} testId="decline-cancel-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          decline.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          The application stays at {app.stage_label}. {app.name} reads your answer in Messages, and may ask again.
        </p>
        <Area
          label="Why (optional, shown to the applicant)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={fieldError(errors, 'note')}
        />
        {refused && <FormMessage>{refused}</FormMessage>}
        <SheetButtons>
          <Button variant="outline" isDisabled={decline.isPending} onPress={onClose}>
            Back
          </Button>
          <Button type="submit" variant="primary" isDisabled={decline.isPending}>
            Decline request
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}
