import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import type { AdminApplication } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { formatDay } from '../../lib/format';
import { Section } from '../orders/order-sections';

/** The dialogs (react-aria's Modal and Dialog) load when one first opens. */
const RefundFeeSheet = lazy(() => import('./fee-sheets').then((m) => ({ default: m.RefundFeeSheet })));
const MarkPaidSheet = lazy(() => import('./fee-sheets').then((m) => ({ default: m.MarkPaidSheet })));

type App = AdminApplication;

/** How the fee stands, in a few words. */
function feeStateText(app: App): string {
  const f = app.fee_status;
  switch (f.state) {
    case 'not_due':
      return app.fee ? 'Not due' : 'Not due: to be quoted';
    case 'due':
      return 'Due: waiting for the applicant to pay';
    case 'awaiting_payment':
      return 'Awaiting payment';
    case 'paid':
      return `Paid${f.paid_at ? ` on ${formatDay(f.paid_at)}` : ''}${f.method ? ` · ${f.method}` : ''}`;
    case 'cash_due':
      return `Due: not received yet · ${f.method ?? 'offline'}`;
    case 'refunded':
      return `Refunded ${f.refunded?.formatted ?? ''}`.trim();
    case 'cancelled':
      return 'Payment closed';
  }
}

/** The fee: amount, how it stands, its order, and Refund fee or Mark fee paid when they apply. */
export function FeeCard({ app }: { app: App }) {
  const [open, setOpen] = useState<'refund' | 'paid' | null>(null);
  const f = app.fee_status;
  return (
    <Section title="Fee" testId="application-fee">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Amount</dt>
        <dd>{app.fee ? app.fee.formatted : 'To be quoted'}</dd>
        {app.fee_coupon && (
          <>
            <dt className="text-muted">Coupon</dt>
            <dd>
              {app.fee_coupon.code} −{app.fee_coupon.discount.formatted} · to pay {app.fee_coupon.total.formatted}
            </dd>
          </>
        )}
        {app.quote_note && (
          <>
            <dt className="text-muted">Quote</dt>
            <dd>{app.quote_note}</dd>
          </>
        )}
        <dt className="text-muted">State</dt>
        <dd data-testid="fee-state" data-state={f.state}>
          {feeStateText(app)}
        </dd>
        {f.order_id && (
          <>
            <dt className="text-muted">Order</dt>
            <dd>
              <Link
                to={`/orders/${encodeURIComponent(f.order_id)}`}
                className="inline-flex min-h-11 items-center underline underline-offset-2 lg:min-h-0"
              >
                {f.order_no}
              </Link>
            </dd>
          </>
        )}
      </dl>
      {(f.can_refund || f.can_mark_paid) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {f.can_mark_paid && (
            <Button className="min-h-11" onPress={() => setOpen('paid')}>
              Mark fee paid
            </Button>
          )}
          {f.can_refund && (
            <Button variant="danger" className="min-h-11" onPress={() => setOpen('refund')}>
              Refund fee…
            </Button>
          )}
        </div>
      )}
      <Suspense fallback={null}>
        {open === 'refund' && <RefundFeeSheet app={app} onClose={() => setOpen(null)} />}
        {open === 'paid' && <MarkPaidSheet app={app} onClose={() => setOpen(null)} />}
      </Suspense>
    </Section>
  );
}
