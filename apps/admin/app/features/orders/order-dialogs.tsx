import type { AdminOrderDetail } from '@shopfront/shared';
import type { Dialog } from './action-bar';
import { CancelDialog, DeliverDialog, RefundDialog, ScanDialog } from './action-dialogs';
import { ShipDialog } from './ship-dialog';

/**
 * The order page's action sheets, one open at a time (loaded with the first one: see
 * routes/orders.$id.tsx).
 */
export default function OrderDialogs({
  order,
  dialog,
  onClose: close,
}: {
  order: AdminOrderDetail;
  dialog: { name: Dialog; id?: number };
  onClose: () => void;
}) {
  return (
    <>
      {order.actions.ship && (
        <ShipDialog key={order.version} order={order} isOpen={dialog.name === 'ship'} onClose={close} />
      )}
      <ScanDialog
        key={`scan-${dialog.id}`}
        order={order}
        shipmentId={dialog.name === 'scan' ? (dialog.id ?? null) : null}
        onClose={close}
      />
      <CancelDialog order={order} isOpen={dialog.name === 'cancel'} onClose={close} />
      {order.actions.deliver && (
        <DeliverDialog
          key={`deliver-${order.version}`}
          order={order}
          isOpen={dialog.name === 'deliver'}
          onClose={close}
        />
      )}
      <RefundDialog
        key={`refund-${dialog.id}`}
        order={order}
        requestId={dialog.name === 'refund' ? (dialog.id ?? null) : null}
        onClose={close}
      />
    </>
  );
}
