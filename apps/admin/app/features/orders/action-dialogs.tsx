import { useState } from 'react';
import { adminOrdersApi, minorUnitDigits, type AdminOrderDetail } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call } from '../../lib/api';
import { Area, Check, Field, fieldError, fieldsOf } from './fields';
import { useOrderAction } from './queries';
import { Sheet, SheetButtons } from './sheet';

type Order = AdminOrderDetail;

/** `2026-11-28T14:05` (a datetime-local value, the browser's time) → ISO with the offset. */
const localToIso = (v: string) => (v ? new Date(v).toISOString() : undefined);

/** Add a carrier's tracking scan to one parcel. */
export function ScanDialog({
  order,
  shipmentId,
  onClose,
}: {
  order: Order;
  shipmentId: number | null;
  onClose: () => void;
}) {
  const [location, setLocation] = useState('');
  const [status, setStatus] = useState('In transit');
  const [description, setDescription] = useState('');
  const [at, setAt] = useState('');
  const action = useOrderAction(
    order,
    (_: void, headers) =>
      call(adminOrdersApi.addScan, {
        params: { id: order.id, shipment_id: shipmentId ?? 0 },
        body: { location, status, description: description || null, ...(at ? { at: localToIso(at) } : {}) },
        headers,
      }),
    'Tracking scan added',
  );
  const errors = fieldsOf(action.error);
  const shipment = order.shipments.find((s) => s.id === shipmentId);
  return (
    <Sheet title="Add a tracking scan" isOpen={shipmentId !== null} onClose={onClose} testId="scan-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          action.mutate(undefined, { onSuccess: onClose });
        }}
      >
        {shipment && (
          <p className="text-sm text-muted">
            {shipment.carrier} · {shipment.waybill}
          </p>
        )}
        <Field
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          error={fieldError(errors, 'status')}
          list="scan-statuses"
          autoComplete="off"
        />
        <datalist id="scan-statuses">
          {['Picked up', 'In transit', 'Reached hub', 'Out for delivery', 'Delivery attempted'].map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <Field
          label="Location"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          error={fieldError(errors, 'location')}
          autoComplete="off"
        />
        <Field
          label="Description (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={fieldError(errors, 'description')}
        />
        <Field
          label="When — leave empty for now"
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          error={fieldError(errors, 'at')}
        />
        <SheetButtons>
          <Button variant="outline" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" isDisabled={action.isPending}>
            Add scan
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}

/**
 * Mark the order delivered, after a second look (the button sits where Ship and Pack were, so a
 * double tap must not do it). For Cash on Delivery the owner says whether the cash came with it.
 */
export function DeliverDialog({ order, isOpen, onClose }: { order: Order; isOpen: boolean; onClose: () => void }) {
  const cod = order.payment_method.kind === 'offline' && order.payment_status === 'cod';
  const [collected, setCollected] = useState(false);
  const action = useOrderAction(
    order,
    (_: void, headers) =>
      call(adminOrdersApi.deliver, {
        params: { id: order.id },
        body: { cash_collected: cod && collected },
        headers,
      }),
    'Order marked delivered',
  );
  return (
    <Sheet title={`${order.order_no} delivered?`} isOpen={isOpen} onClose={onClose} testId="deliver-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          action.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">The shopper is told their order has arrived.</p>
        {cod && (
          <Check
            label={`Cash ${order.totals.grand_total.formatted} collected`}
            checked={collected}
            onChange={(e) => setCollected(e.target.checked)}
          />
        )}
        {cod && !collected && (
          <p className="text-sm text-muted">
            Not ticked: the order stays unpaid; use “Mark paid” when the cash comes in.
          </p>
        )}
        <SheetButtons>
          <Button variant="outline" onPress={onClose}>
            Not yet
          </Button>
          <Button variant="primary" type="submit" isDisabled={action.isPending}>
            Delivered
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}

/** Cancel the order; an online payment is refunded with it. */
export function CancelDialog({ order, isOpen, onClose }: { order: Order; isOpen: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const action = useOrderAction(
    order,
    (_: void, headers) =>
      call(adminOrdersApi.cancel, { params: { id: order.id }, body: { reason: reason || null }, headers }),
    'Order cancelled',
  );
  const paidOnline = order.payment_method.kind === 'online' && order.payment_status === 'paid';
  return (
    <Sheet title={`Cancel ${order.order_no}?`} isOpen={isOpen} onClose={onClose} testId="cancel-dialog">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          action.mutate(undefined, { onSuccess: onClose });
        }}
      >
        <p className="text-sm">
          The shopper is told the order is cancelled and its items go back in stock.
          {paidOnline && ` The payment of ${order.totals.grand_total.formatted} is refunded to them.`}
        </p>
        <Area
          label="Reason (optional, the shopper sees it)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fieldError(fieldsOf(action.error), 'reason')}
        />
        <SheetButtons>
          <Button variant="outline" onPress={onClose}>
            Keep the order
          </Button>
          <Button variant="danger" type="submit" isDisabled={action.isPending}>
            {paidOnline ? 'Cancel and refund' : 'Cancel order'}
          </Button>
        </SheetButtons>
      </form>
    </Sheet>
  );
}

/** Answer one refund request: approve (the amount, perhaps less; restock or not) or reject, with a note the shopper sees. */
export function RefundDialog({
  order,
  requestId,
  onClose,
}: {
  order: Order;
  requestId: number | null;
  onClose: () => void;
}) {
  const request = order.refund_requests.find((r) => r.id === requestId);
  const line = order.lines.find((l) => l.id === request?.item_id);
  const digits = minorUnitDigits(order.currency);
  const [amount, setAmount] = useState('');
  // Unticked: a returned item is often damaged; the owner ticks it for one that can be sold again.
  const [restock, setRestock] = useState(false);
  const [note, setNote] = useState('');
  const approve = useOrderAction(
    order,
    (_: void, headers) => {
      const minor = amount.trim() ? Math.round(Number(amount.replace(/,/g, '')) * 10 ** digits) : undefined;
      return call(adminOrdersApi.approveRefund, {
        params: { id: order.id, request_id: requestId ?? 0 },
        body: { ...(minor !== undefined ? { amount_minor: minor } : {}), restock, note: note || null },
        headers,
      });
    },
    'Refund approved',
  );
  const reject = useOrderAction(
    order,
    (_: void, headers) =>
      call(adminOrdersApi.rejectRefund, {
        params: { id: order.id, request_id: requestId ?? 0 },
        body: { note: note || null },
        headers,
      }),
    'Refund request rejected',
  );
  const errors = fieldsOf(approve.error) ?? fieldsOf(reject.error);
  const busy = approve.isPending || reject.isPending;
  return (
    <Sheet title="Answer the refund request" isOpen={requestId !== null} onClose={onClose} testId="refund-dialog">
      {request && (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            approve.mutate(undefined, { onSuccess: onClose });
          }}
        >
          <div className="rounded-xl bg-stone-50 p-3 text-sm">
            <p className="font-medium">
              {request.quantity} × {line?.name ?? 'item'} · asks {request.amount.formatted}
            </p>
            <p className="mt-1">“{request.reason}”</p>
          </div>
          <Field
            label="Amount to refund"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder={`${(request.amount.amount / 10 ** digits).toFixed(digits)} (all they asked)`}
            description="Leave empty to refund what they asked for; a smaller amount is a partial refund."
            error={fieldError(errors, 'amount_minor')}
          />
          {order.payment_method.kind === 'offline' && (
            <p className="text-sm" data-testid="refund-offline-note">
              Paid by {order.payment_method.name}: the shop pays this back itself (cash, UPI or bank transfer);
              approving records it as refunded.
            </p>
          )}
          <Check
            label="Put the returned items back in stock"
            checked={restock}
            onChange={(e) => setRestock(e.target.checked)}
          />
          <Area
            label="Note to the shopper (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={fieldError(errors, 'note')}
          />
          {errors && !errors.amount_minor && !errors.note && Object.values(errors)[0] && (
            <FormMessage>{Object.values(errors)[0]![0]}</FormMessage>
          )}
          <SheetButtons>
            <Button variant="outline" isDisabled={busy} onPress={onClose}>
              Cancel
            </Button>
            <Button variant="danger" isDisabled={busy} onPress={() => reject.mutate(undefined, { onSuccess: onClose })}>
              Reject
            </Button>
            <Button variant="primary" type="submit" isDisabled={busy}>
              Approve refund
            </Button>
          </SheetButtons>
        </form>
      )}
    </Sheet>
  );
}
