import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Failed, Loading } from '../components/ui/states';
import { ActionBar, type Dialog } from '../features/orders/action-bar';
import { NotesForm } from '../features/orders/notes-form';
import {
  Customer,
  History,
  Lines,
  Messages,
  Parcels,
  Payments,
  Section,
  Totals,
} from '../features/orders/order-sections';
import { useOrder } from '../features/orders/queries';
import { PartlyRefunded, StatusPill } from '../features/orders/status-pill';
import { formatWhen } from '../lib/format';

/** The action sheets (react-aria's Modal and Dialog) load when the first one opens. */
const OrderDialogs = lazy(() => import('../features/orders/order-dialogs'));

export const meta = () => [{ title: 'Order · Shop admin' }];

/** An online order not paid yet: its payment confirms it (staff cannot). */
const awaitsPayment = (o: { status: string; payment_method: { kind: string } }) =>
  o.payment_method.kind === 'online' && (o.status === 'awaiting_payment' || o.status === 'payment_failed');

/**
 * `?do=ship|deliver` (the palette's "next move") opens that sheet once the order is loaded, if the
 * order allows it; `?do=pack` puts the focus on the big button (packing asks nothing). Then the
 * parameter goes, so a reload or Back does not open it again.
 */
function useOpenAt(
  order: { actions: Record<string, boolean | undefined> } | undefined,
  setDialog: (d: { name: Dialog }) => void,
) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('do');
  useEffect(() => {
    if (!order || !wanted) return;
    if ((wanted === 'ship' || wanted === 'deliver') && order.actions[wanted]) setDialog({ name: wanted });
    else if (wanted === 'pack' && order.actions.pack) {
      document.querySelector<HTMLButtonElement>('[data-testid="order-actions"] button')?.focus();
    }
    setParams((p) => (p.delete('do'), p), { replace: true });
  }, [order, wanted, setDialog, setParams]);
}

/** One order: everything about it, and its next step at the bottom. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const q = useOrder(id);
  const [dialog, setDialog] = useState<{ name: Dialog; id?: number } | null>(null);
  const close = () => setDialog(null);
  useOpenAt(q.data, setDialog);

  if (q.isPending) return <Loading label="Loading the order…" />;
  if (q.isError) return <Failed error={q.error} retry={() => q.refetch()} />;
  const order = q.data;
  const openRefunds = order.refund_requests.filter((r) => r.status === 'requested');

  return (
    <div className="pb-20 lg:pb-0" data-testid="order-page" data-version={order.version}>
      <Link
        to="/orders"
        className="mb-2 inline-flex min-h-11 items-center text-sm text-muted underline underline-offset-2"
      >
        ← Orders
      </Link>
      <header className="mb-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-semibold">{order.order_no}</h1>
          <StatusPill status={order.status} label={order.status_label} />
          <PartlyRefunded order={order} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {formatWhen(order.created_at)} · {order.totals.grand_total.formatted} · {order.payment_method.name}
          {order.paid_at ? ` · paid ${formatWhen(order.paid_at)}` : ''} · {order.channel_name}
        </p>
        {awaitsPayment(order) && (
          <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="awaits-payment">
            Waits for the shopper’s online payment. It is confirmed by itself once they have paid; until then there is
            nothing to pack.
          </p>
        )}
      </header>
      {openRefunds.length > 0 && (
        <div
          className="mb-4 rounded-2xl border border-orange-200 bg-orange-50 p-4 text-sm"
          data-testid="refund-requests"
        >
          <h2 className="font-semibold">Refund requested</h2>
          <ul className="mt-1 space-y-2">
            {openRefunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {r.quantity} × {order.lines.find((l) => l.id === r.item_id)?.name} · {r.amount.formatted} · “
                  {r.reason}”
                </span>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setDialog({ name: 'refund', id: r.id })}
                >
                  Answer
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* A phone reads one column in the packer's order (items, where to, parcels, money, the
          rest); a desktop shows two. The two wrappers vanish (display: contents) on a phone. */}
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="contents lg:block lg:space-y-4">
          <div className="order-1">
            <Lines order={order} />
          </div>
          {order.shipments.length > 0 && (
            <div className="order-3">
              <Parcels
                order={order}
                onAddScan={order.actions.add_scan ? (sid) => setDialog({ name: 'scan', id: sid }) : undefined}
              />
            </div>
          )}
          <div className="order-6">
            <History order={order} />
          </div>
          <div className="order-7">
            <Messages order={order} />
          </div>
        </div>
        <div className="contents lg:block lg:space-y-4">
          <div className="order-2">
            <Customer order={order} />
          </div>
          <div className="order-4">
            <Totals order={order} />
          </div>
          <div className="order-5">
            <Payments order={order} />
          </div>
          <div className="order-8">
            <Section title="Internal notes" testId="order-notes">
              {order.notes.length > 0 && (
                <ul className="mb-3 space-y-2 text-sm">
                  {order.notes.map((n) => (
                    <li key={n.id} className="rounded-xl bg-stone-50 p-3">
                      <p className="whitespace-pre-line">{n.body}</p>
                      <p className="mt-1 text-muted">
                        {n.author} · {formatWhen(n.created_at)}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
              <div id="add-note">
                <NotesForm order={order} />
              </div>
            </Section>
          </div>
        </div>
      </div>
      <ActionBar
        order={order}
        open={(name, sid) => {
          if (name === 'note') {
            const box = document.querySelector<HTMLTextAreaElement>('#add-note textarea');
            box?.scrollIntoView({ block: 'center' });
            box?.focus();
          } else setDialog({ name, id: sid });
        }}
      />
      {dialog && (
        <Suspense fallback={null}>
          <OrderDialogs order={order} dialog={dialog} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
