import { Suspense, lazy, useState } from 'react';
import type { AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { formatDay } from '../../lib/format';

/** The dialogs (react-aria's Modal and Dialog) load when one first opens. */
const RefundFeeSheet = lazy(() => import('./fee-sheets').then((m) => ({ default: m.RefundFeeSheet })));
const MoveSheet = lazy(() => import('./move-sheet'));
const DeclineSheet = lazy(() => import('./decline-sheet'));

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
        {open === 'decline' && <DeclineSheet app={app} onClose={() => setOpen(null)} />}
      </Suspense>
    </section>
  );
}
