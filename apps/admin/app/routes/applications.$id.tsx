import { Suspense, lazy, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Failed, Loading } from '../components/ui/states';
import { CancelRequest } from '../features/applications/cancel-request';
import { FeeCard } from '../features/applications/fee-card';
import { Answers, Applicant, Documents, Timeline } from '../features/applications/sections';
import { OverduePill, StagePill, isPast } from '../features/applications/stage-pill';
import { DocumentRequests, Thread } from '../features/applications/thread';
import { useApplication } from '../features/applications/queries';
import { formatDay, formatWhen } from '../lib/format';

/** The move sheet (react-aria's Modal and Dialog) loads when it first opens. */
const MoveSheet = lazy(() => import('../features/applications/move-sheet'));

export const meta = () => [{ title: 'Application · Shop admin' }];

const focusBox = (selector: string) => {
  const box = document.querySelector<HTMLElement>(selector);
  box?.scrollIntoView({ block: 'center' });
  box?.focus();
};

/** One application: its answers, documents, thread and stages; the stage move at the bottom, in the thumb's reach. */
export default function ApplicationPage() {
  const { id = '' } = useParams();
  const q = useApplication(id);
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);

  if (q.isPending) return <Loading label="Loading the application…" />;
  if (q.isError) return <Failed error={q.error} retry={() => q.refetch()} />;
  const app = q.data;
  const next = app.next_stages[0];
  const overdue = app.next_due_at !== null && isPast(app.next_due_at);

  return (
    <div className="pb-20 lg:pb-0" data-testid="application-page" data-stage={app.stage}>
      <Link
        to="/applications"
        className="mb-2 inline-flex min-h-11 items-center text-sm text-muted underline underline-offset-2"
      >
        ← Applications
      </Link>
      <header className="mb-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-semibold">{app.application_no}</h1>
          <StagePill stage={app.stage} label={app.stage_label} done={!next && app.steps.at(-1)?.active === true} />
          {overdue && <OverduePill />}
        </div>
        <p className="mt-1 text-sm text-muted">
          {app.service.name} · {app.name} · since {formatWhen(app.stage_changed_at)}
          {app.next_due_at ? ` · next expected by ${formatDay(app.next_due_at)}` : ''}
        </p>
        {app.stage === 'awaiting_payment' && (
          <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            Waits for the applicant to pay the fee{app.fee ? ` (${app.fee.formatted})` : ''}. It moves to Submitted by
            itself once they have paid.
          </p>
        )}
        <CancelRequest app={app} />
      </header>
      {/* One column on a phone in the order one works (stages, answers, documents, thread); two on a desktop. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="contents lg:block lg:space-y-4">
          <div className="order-2">
            <Answers app={app} />
          </div>
          <div className="order-4">
            <Thread app={app} />
          </div>
          <div className="order-6">
            <DocumentRequests app={app} />
          </div>
        </div>
        <div className="contents lg:block lg:space-y-4">
          <div className="order-1">
            <Timeline app={app} />
          </div>
          <div className="order-3">
            <Documents app={app} />
          </div>
          <div className="order-5">
            <FeeCard app={app} />
          </div>
          <div className="order-5">
            <Applicant app={app} />
          </div>
        </div>
      </div>
      <div
        className="fixed inset-x-0 bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 border-t border-line bg-white px-4 py-3 lg:sticky lg:bottom-0 lg:mt-6 lg:rounded-2xl lg:border lg:shadow-lg"
        data-testid="application-actions"
      >
        <div className="mx-auto flex max-w-5xl gap-2 lg:justify-end">
          {next ? (
            <Button
              variant="primary"
              className="min-h-12 flex-1 text-base lg:flex-none lg:px-10"
              onPress={() => setMoving(true)}
            >
              Move to {next.label}…
            </Button>
          ) : (
            <Button
              variant="primary"
              className="min-h-12 flex-1 text-base lg:flex-none lg:px-10"
              onPress={() => navigate('/applications')}
            >
              Back to applications
            </Button>
          )}
          <Button className="min-h-12 whitespace-nowrap" onPress={() => focusBox('#write-message textarea')}>
            Message
          </Button>
        </div>
      </div>
      {moving && (
        <Suspense fallback={null}>
          <MoveSheet app={app} onClose={() => setMoving(false)} />
        </Suspense>
      )}
    </div>
  );
}
