import { useLocation } from 'react-router';
import { CancelOrderForm } from './cancel-order-form';
import type { OrderActionResult } from './order-actions';
import { changeKey, useToldChanges } from './order-change';
import { OrderDetails, type ShownOrderDetail } from './order-details';
import { orderDialogHref, type OrderDialog } from './order-view';
import { RatingForm } from './rating-form';
import { RefundForm } from './refund-form';
import { UrlDialog } from './url-dialog';

/**
 * The order dialogs of Orders & Refunds (spec section 4): details, cancellation, refund and
 * rating, each open or closed as the URL says (`?order=…&dialog=…`).
 */
export function OrderDialogs({
  detail,
  dialog,
  retryKey,
  noScript,
}: {
  detail: ShownOrderDetail | null;
  dialog: OrderDialog | null;
  retryKey: string;
  noScript?: OrderActionResult | undefined;
}) {
  const { search } = useLocation();
  const closeTo = orderDialogHref(search, null);
  const order = detail?.order ?? null;
  useToldChanges(order?.id ?? '');
  const openKind = order ? dialog : null;
  const no = order ? order.order_no : '';
  return (
    <>
      <UrlDialog
        open={openKind === 'details'}
        closeTo={closeTo}
        title={`Order ${no}`}
        size="lg"
        testId="order-details-dialog"
      >
        {detail && <OrderDetails detail={detail} search={search} retryKey={retryKey} noScript={noScript} />}
      </UrlDialog>
      <UrlDialog
        open={openKind === 'cancel' && order?.can_cancel === true}
        closeTo={closeTo}
        title="Cancel this order?"
        testId="cancel-dialog"
      >
        {order && <CancelOrderForm order={order} search={search} noScript={noScript} />}
      </UrlDialog>
      <UrlDialog
        open={openKind === 'refund' && order?.can_refund === true}
        closeTo={closeTo}
        title="Request a refund"
        testId="refund-dialog"
      >
        {order && <RefundForm order={order} noScript={noScript} />}
      </UrlDialog>
      <UrlDialog
        open={openKind === 'rate' && order?.can_rate === true}
        closeTo={closeTo}
        title="Rate your experience"
        testId="rate-dialog"
      >
        {order && <RatingForm orderId={order.id} fetcherKey={changeKey('rate', order.id)} noScriptAnswer={noScript} />}
      </UrlDialog>
    </>
  );
}
