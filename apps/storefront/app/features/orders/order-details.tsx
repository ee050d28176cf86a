import { Link } from 'react-router';
import type { OrderDetail } from '@shopfront/shared';
import { LocalTime } from '../../components/local-time';
import type { ShownAddress } from '../addresses/address-mapping';
import type { OrderActionResult } from './order-actions';
import { AddressBlock, OrderLines, OrderTotals, StatusBadge } from './order-parts';
import { OrderRecord } from './order-record';
import { hasInvoice, invoicePath, orderDialogHref, paymentLabelBeside, type OrderDialog } from './order-view';
import { PayNow } from './pay-now';

/** An order's details as the Orders & Refunds page loads them: the order and its formatted addresses. */
export interface ShownOrderDetail {
  order: OrderDetail;
  shipTo: ShownAddress;
  billTo: ShownAddress;
}

/** An action of the details dialog: thumb-sized, its label on one line. */
const dialogAction = 'btn h-11 min-w-0 px-3 tracking-normal whitespace-nowrap sm:px-5';

/**
 * The details dialog's content: when it was placed and its status, Pay now for an unpaid order,
 * what can be done with it, its lines and totals, where it goes and how it is paid and sent,
 * then its record.
 */
export function OrderDetails({
  detail,
  search,
  retryKey,
  noScript,
}: {
  detail: ShownOrderDetail;
  search: string;
  retryKey: string;
  noScript?: OrderActionResult;
}) {
  const { order, shipTo, billTo } = detail;
  const href = (d: OrderDialog) => orderDialogHref(search, order.id, d);
  const paymentLabel = paymentLabelBeside(order);
  return (
    <div className="mt-2 space-y-6 text-sm" data-order-id={order.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
        <span>
          Placed <LocalTime iso={order.created_at} />
        </span>
        <StatusBadge order={order} />
        {paymentLabel && <span data-testid="order-payment-status">{paymentLabel}</span>}
      </div>

      {/* An unpaid order's one main step comes first; tracking and cancelling are secondary. */}
      {order.can_retry_payment && <PayNow order={order} retryKey={retryKey} noScript={noScript} />}

      {/* Phones: equal columns (a lone last one spans both), each label on one line; from sm their own widths. */}
      <div
        className="grid grid-cols-1 gap-2 min-[390px]:grid-cols-2 min-[390px]:[&>:last-child:nth-child(odd)]:col-span-2 sm:flex sm:flex-wrap"
        data-testid="order-actions"
      >
        <Link
          to={order.tracking_path}
          className={`${dialogAction} ${order.can_retry_payment ? 'btn-outline' : 'btn-primary'}`}
        >
          Track order
        </Link>
        {hasInvoice(order) && (
          <a href={invoicePath(order.id)} className={`${dialogAction} btn-outline`} download data-testid="invoice-link">
            Download invoice
          </a>
        )}
        {order.can_cancel && (
          <Link to={href('cancel')} preventScrollReset replace className={`${dialogAction} btn-outline`}>
            Cancel order
          </Link>
        )}
        {order.can_refund && (
          <Link to={href('refund')} preventScrollReset replace className={`${dialogAction} btn-outline`}>
            Request refund
          </Link>
        )}
        {order.can_rate && (
          <Link to={href('rate')} preventScrollReset replace className={`${dialogAction} btn-outline`}>
            Rate experience
          </Link>
        )}
      </div>

      <section aria-label="Items">
        <OrderLines order={order} />
        <div className="mt-2 border-t border-ink/10 pt-3">
          <OrderTotals order={order} />
        </div>
      </section>

      <div className="grid gap-5 sm:grid-cols-2">
        <AddressBlock title="Delivery address" address={shipTo} />
        <AddressBlock title="Billing address" address={billTo}>
          {order.buyer_gstin && (
            <p className="mt-2 rounded-lg bg-surface px-3 py-2" data-testid="order-buyer-gstin">
              <span className="block font-semibold">{order.buyer_business_name}</span>
              <span className="text-muted">GSTIN </span>
              <span className="font-mono tracking-wide">{order.buyer_gstin}</span>
            </p>
          )}
        </AddressBlock>
        <div>
          <h3 className="font-body text-xs font-semibold tracking-wide text-muted uppercase">Payment</h3>
          <p className="mt-1.5 font-semibold">{order.payment_method.name}</p>
        </div>
        <div>
          <h3 className="font-body text-xs font-semibold tracking-wide text-muted uppercase">Delivery</h3>
          <p className="mt-1.5 font-semibold">{order.shipping_method.name}</p>
        </div>
      </div>

      <OrderRecord order={order} />
    </div>
  );
}
