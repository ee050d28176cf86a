import { Suspense, lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { adminOrdersApi, endpointPath, type AdminOrderDetail } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { call } from '../../lib/api';
import { useOrderAction } from './queries';

type Order = AdminOrderDetail;
export type Dialog = 'ship' | 'cancel' | 'scan' | 'refund' | 'note' | 'deliver';

type Simple = 'confirm' | 'pack' | 'markPaid';
const SIMPLE: Record<Simple, { label: string; done: string }> = {
  confirm: { label: 'Confirm order', done: 'Order confirmed' },
  pack: { label: 'Mark packed', done: 'Order packed' },
  markPaid: { label: 'Mark paid', done: 'Order marked paid' },
};

/** Nothing more to do with the order's goods: the big button leads back to the list. */
const FINISHED = new Set(['delivered', 'refunded', 'cancelled']);

/** A move with nothing to ask: confirm, pack, mark paid. */
function useSimpleMove(order: Order, name: Simple) {
  return useOrderAction(
    order,
    (_: void, headers) => call(adminOrdersApi[name], { params: { id: order.id }, body: {}, headers }),
    SIMPLE[name].done,
  );
}

export interface Step {
  key: string;
  label: string;
  run: () => void;
  danger?: boolean;
}

const OtherActionsMenu = lazy(() => import('./other-actions'));
const loadMenu = () => void import('./other-actions');

/**
 * "Other actions": react-aria's menu (27 kB of gzip JavaScript) loads when the button is first
 * pointed at, focused or pressed, and opens at once if it was pressed; the order page's first
 * load stays without it.
 */
export interface OtherActionsProps {
  steps: Step[];
  docs: (kind: 'invoice' | 'packing_slip') => string;
  className: string;
}

function OtherActions({ steps, docs, className }: OtherActionsProps) {
  const [pressed, setPressed] = useState(false);
  const placeholder = (
    <Button className={className} onPress={() => setPressed(true)} onPointerEnter={loadMenu} onFocus={loadMenu}>
      Other actions
    </Button>
  );
  if (!pressed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <OtherActionsMenu steps={steps} docs={docs} className={className} />
    </Suspense>
  );
}

/**
 * The order's next step as one big button at the bottom (in the thumb's reach on a phone), every
 * other thing the order allows in the "Other actions" menu beside it
 * (not "More": that is the phone's navigation, right below).
 */
export function ActionBar({ order, open }: { order: Order; open: (d: Dialog, id?: number) => void }) {
  const navigate = useNavigate();
  const moves = {
    confirm: useSimpleMove(order, 'confirm'),
    pack: useSimpleMove(order, 'pack'),
    markPaid: useSimpleMove(order, 'markPaid'),
  };
  const busy = Object.values(moves).some((m) => m.isPending);
  const a = order.actions;
  const openRefund = order.refund_requests.find((r) => r.status === 'requested');
  const lastShipment = order.shipments.at(-1);

  const steps: Step[] = [];
  if (a.confirm) steps.push({ key: 'confirm', label: SIMPLE.confirm.label, run: () => moves.confirm.mutate() });
  if (a.pack) steps.push({ key: 'pack', label: SIMPLE.pack.label, run: () => moves.pack.mutate() });
  if (a.ship) steps.push({ key: 'ship', label: 'Ship…', run: () => open('ship') });
  if (a.deliver) steps.push({ key: 'deliver', label: 'Mark delivered…', run: () => open('deliver') });
  if (a.answer_refund && openRefund)
    steps.push({ key: 'refund', label: 'Answer refund request…', run: () => open('refund', openRefund.id) });
  if (a.mark_paid) steps.push({ key: 'markPaid', label: SIMPLE.markPaid.label, run: () => moves.markPaid.mutate() });
  const work = steps.length;
  if (a.add_scan && lastShipment)
    steps.push({ key: 'scan', label: 'Add a tracking scan…', run: () => open('scan', lastShipment.id) });
  steps.push({ key: 'note', label: 'Add a note…', run: () => open('note') });
  if (a.cancel) steps.push({ key: 'cancel', label: 'Cancel order…', run: () => open('cancel'), danger: true });

  // The big button is the order's next step; a scan or a note never is. A finished order's is the
  // way back to the orders to pack (a shipped one's scans stay under Other actions).
  const primary: Step | undefined =
    work > 0
      ? steps[0]
      : FINISHED.has(order.status)
        ? { key: 'back', label: 'Back to orders', run: () => navigate('/orders?tab=to_pack') }
        : undefined;
  const rest = primary && work > 0 ? steps.slice(1) : steps;
  const docs = (kind: 'invoice' | 'packing_slip') =>
    endpointPath(adminOrdersApi.documents.path, undefined, { kind, ids: order.id });

  return (
    <div
      className="fixed inset-x-0 bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-20 border-t border-line bg-white px-4 py-3 lg:sticky lg:bottom-0 lg:mt-6 lg:rounded-2xl lg:border lg:shadow-lg"
      data-testid="order-actions"
    >
      <div className="mx-auto flex max-w-5xl gap-2 lg:justify-end">
        {primary && (
          <Button
            variant="primary"
            className="min-h-12 flex-1 text-base lg:flex-none lg:px-10"
            isDisabled={busy}
            onPress={primary.run}
          >
            {primary.label}
          </Button>
        )}
        <OtherActions steps={rest} docs={docs} className={`min-h-12 whitespace-nowrap ${primary ? '' : 'flex-1'}`} />
      </div>
    </div>
  );
}
