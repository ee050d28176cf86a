import { useEffect, useId, useRef, useState } from 'react';
import { Link, useFetcher, useLocation, useNavigate } from 'react-router';
import type { OrderDetail } from '@shopfront/shared';
import { LocalTime } from '../../components/local-time';
import { toast } from '../../components/ui/toast';
import { Spinner } from '../../components/ui/spinner';
import type { ShownAddress } from '../addresses/address-mapping';
import { ScriptFlag } from '../cart/cart-line';
import { PAYMENT_UNUSABLE } from '../checkout/payment-view';
import { ProcessingDialog } from '../checkout/processing-dialog';
import { useLeaveForPayment } from '../checkout/use-leave-for-payment';
import { RETRY_KEY_FIELD, type OrderActionResult, type OrderIntent } from './order-actions';
import { AddressBlock, LineThumb, OrderLines, OrderTotals, StatusBadge } from './order-parts';
import {
  estimatedRefundMinor,
  formatMinor,
  hasInvoice,
  invoicePath,
  orderDialogHref,
  paymentLabelBeside,
  refundQuantityField,
  wholeNumber,
  type OrderDialog,
} from './order-view';
import { GivenRating, RatingForm } from './rating-form';
import { UrlDialog } from './url-dialog';

/** An order's details as the Orders & Refunds page loads them: the order and its formatted addresses. */
export interface ShownOrderDetail {
  order: OrderDetail;
  shipTo: ShownAddress;
  billTo: ShownAddress;
}

const textareaClass =
  'block w-full rounded-xl border bg-background px-4 py-3 text-[15px] focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none';

const latestScan = (s: OrderDetail['shipments'][number]) =>
  [...s.scans].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];

/**
 * One order change's form state: its fetcher, and what it answered (a script's fetcher, else the
 * page's action when sent without JavaScript).
 */
function useOrderChange(intent: OrderIntent, orderId: string, noScript: OrderActionResult | undefined) {
  const fetcher = useFetcher<OrderActionResult>({ key: changeKey(intent, orderId) });
  const answer =
    fetcher.state === 'idle' && fetcher.data
      ? fetcher.data
      : noScript?.intent === intent && noScript.orderId === orderId
        ? noScript
        : undefined;
  const failed = answer && !answer.ok ? answer : null;
  return { fetcher, failed, busy: fetcher.state !== 'idle' };
}

const changeKey = (intent: OrderIntent, orderId: string) => `order-${intent}-${orderId}`;

/**
 * A change that went through (cancel, refund, rate) is told as a toast and the details dialog
 * shows the changed order. Watched here, above the dialogs: the dialog that sent it may close on
 * its own (a cancelled order can no longer be cancelled).
 */
function useToldChanges(orderId: string) {
  const cancel = useFetcher<OrderActionResult>({ key: changeKey('cancel', orderId) });
  const refund = useFetcher<OrderActionResult>({ key: changeKey('refund', orderId) });
  const rate = useFetcher<OrderActionResult>({ key: changeKey('rate', orderId) });
  const navigate = useNavigate();
  const { search } = useLocation();
  const told = useRef(new Set<unknown>());
  // Each change on its own: an older success of another form (a refund, then a rating) must not
  // hide a new one, or its dialog would stay open over the changed order.
  const [cancelled, refunded, rated] = [cancel, refund, rate].map((f) => (f.state === 'idle' ? f.data : undefined));
  useEffect(() => {
    const done = [cancelled, refunded, rated].find((d) => d?.ok && !told.current.has(d));
    if (!done?.ok || !('message' in done)) return;
    told.current.add(done);
    if (done.message) toast.success(done.message);
    void navigate(orderDialogHref(search, orderId, 'details'), { replace: true, preventScrollReset: true });
  }, [cancelled, refunded, rated, navigate, search, orderId]);
}

function OrderFields({ orderId }: { orderId: string }) {
  return (
    <>
      <input type="hidden" name="order_id" value={orderId} />
      <ScriptFlag />
    </>
  );
}

function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** Pay now: the same order's online payment again (process-payment), through the provider's page. */
function PayNow({ order, retryKey, noScript }: { order: OrderDetail; retryKey: string; noScript?: OrderActionResult }) {
  const { fetcher, failed, busy } = useOrderChange('retry', order.id, noScript);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const { leaving, unusable } = useLeaveForPayment(answer?.ok && answer.intent === 'retry' ? answer : null);
  return (
    <fetcher.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name={RETRY_KEY_FIELD} value={retryKey} />
      <OrderFields orderId={order.id} />
      <FormError message={failed?.message ?? (unusable ? PAYMENT_UNUSABLE : null)} />
      <button type="submit" disabled={busy || leaving} className="btn btn-primary h-12 w-full px-5 sm:w-auto">
        {(busy || leaving) && <Spinner />}
        Pay now · {order.grand_total.formatted}
      </button>
      <ProcessingDialog open={leaving} />
    </fetcher.Form>
  );
}

/** An action of the details dialog: thumb-sized, its label on one line. */
const dialogAction = 'btn h-11 min-w-0 px-3 tracking-normal whitespace-nowrap sm:px-5';

function DetailsBody({
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
  const refundLine = (itemId: number) => order.productchannel.find((i) => i.id === itemId)?.product.name ?? 'Item';
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

      {order.shipments.length > 0 && (
        <section aria-labelledby={`${order.id}-parcels`}>
          <h3 id={`${order.id}-parcels`} className="font-body text-xs font-semibold tracking-wide text-muted uppercase">
            Parcels
          </h3>
          <ul className="mt-2 space-y-2">
            {order.shipments.map((s) => (
              <li key={s.waybill} className="rounded-xl border border-ink/10 px-4 py-3">
                <span className="font-semibold">{s.carrier}</span> · <span className="font-mono">{s.waybill}</span>
                {latestScan(s) && <span className="block text-muted">{latestScan(s)!.status}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {order.history.length > 0 && (
        <section aria-labelledby={`${order.id}-history`}>
          <h3 id={`${order.id}-history`} className="font-body text-xs font-semibold tracking-wide text-muted uppercase">
            History
          </h3>
          <ol className="mt-2 space-y-3 border-l-2 border-ink/10 pl-4" data-testid="order-history">
            {order.history.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <p className="font-semibold">{e.label}</p>
                <p className="text-muted">
                  <LocalTime iso={e.at} />
                </p>
                {e.note && <p className="text-ink/80">{e.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}

      {order.refunds.length > 0 && (
        <section aria-labelledby={`${order.id}-refunds`}>
          <h3 id={`${order.id}-refunds`} className="font-body text-xs font-semibold tracking-wide text-muted uppercase">
            Refunds
          </h3>
          <ul className="mt-2 space-y-2" data-testid="order-refunds">
            {order.refunds.map((r) => (
              <li key={r.id} className="flex justify-between gap-3 rounded-xl border border-ink/10 px-4 py-3">
                <span className="min-w-0">
                  <span className="block truncate font-medium">
                    {r.quantity} × {refundLine(r.item_id)}
                  </span>
                  <span className="block text-muted capitalize">{r.status}</span>
                </span>
                <span className="tabular-nums">{r.amount.formatted}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {order.rating && (
        <section>
          <h3 className="font-body text-xs font-semibold tracking-wide text-muted uppercase">Your rating</h3>
          <GivenRating rating={order.rating.rating} comment={order.rating.comment} />
        </section>
      )}
    </div>
  );
}

function CancelBody({ order, search, noScript }: { order: OrderDetail; search: string; noScript?: OrderActionResult }) {
  const { fetcher, failed, busy } = useOrderChange('cancel', order.id, noScript);
  const id = useId();
  const paid = order.payment_status === 'paid';
  return (
    <fetcher.Form method="post" className="mt-3 space-y-4" data-testid="cancel-form">
      <input type="hidden" name="intent" value="cancel" />
      <OrderFields orderId={order.id} />
      <p className="text-sm text-ink/80">
        Order <span className="font-mono font-semibold">{order.order_no}</span> will not be sent.{' '}
        {paid
          ? `Your payment of ${order.grand_total.formatted} is refunded to the way you paid.`
          : 'Nothing is charged.'}
      </p>
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium">
          Why are you cancelling? <span className="text-xs text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={500}
          className={`${textareaClass} ${failed?.errors.reason ? 'border-red-600' : 'border-ink/15'}`}
        />
        {failed?.errors.reason?.[0] && (
          <p className="mt-1.5 text-sm font-medium text-red-700">{failed.errors.reason[0]}</p>
        )}
      </div>
      <FormError message={failed && !failed.errors.reason ? failed.message : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          to={orderDialogHref(search, order.id, 'details')}
          preventScrollReset
          replace
          className="btn btn-outline h-11 px-5"
        >
          Keep order
        </Link>
        <button type="submit" disabled={busy} className="btn h-11 bg-red-700 px-5 text-white hover:bg-red-800">
          {busy && <Spinner />}
          Cancel order
        </button>
      </div>
    </fetcher.Form>
  );
}

function RefundBody({ order, noScript }: { order: OrderDetail; noScript?: OrderActionResult }) {
  const { fetcher, failed, busy } = useOrderChange('refund', order.id, noScript);
  const id = useId();
  const lines = order.productchannel.filter((i) => i.refundable_quantity > 0);
  // What the chosen quantities come to, as the shopper picks them (the selects stay plain form fields).
  const [chosen, setChosen] = useState<ReadonlyMap<number, number>>(() => new Map());
  const estimate = estimatedRefundMinor(lines, chosen);
  const itemsError = failed?.errors.items?.[0];
  const reasonError = failed?.errors.reason?.[0];
  return (
    <fetcher.Form method="post" className="mt-3 space-y-4" data-testid="refund-form">
      <input type="hidden" name="intent" value="refund" />
      <OrderFields orderId={order.id} />
      {/* min-w-0: a fieldset is never narrower than its content otherwise (the selects stuck out at 390 px). */}
      <fieldset className="min-w-0" aria-describedby={itemsError ? `${id}-items-error` : undefined}>
        <legend className="text-sm font-medium">What would you like to send back?</legend>
        <ul className="mt-2 divide-y divide-ink/10">
          {lines.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              <LineThumb item={item} size="size-12" />
              <span className="min-w-0 flex-1 text-sm">
                <span className="block truncate font-medium">{item.product.name}</span>
                <span className="block text-muted">
                  {item.refundable_quantity} of {item.quantity} can be returned
                </span>
              </span>
              <label className="sr-only" htmlFor={`${id}-${item.id}`}>
                Quantity of {item.product.name} to return
              </label>
              <select
                id={`${id}-${item.id}`}
                name={refundQuantityField(item.id)}
                defaultValue="0"
                onChange={(e) => {
                  const q = wholeNumber(e.target.value) ?? 0;
                  setChosen((prev) => new Map(prev).set(item.id, q));
                }}
                className="h-11 w-16 shrink-0 rounded-xl border border-ink/15 bg-background px-3 text-[15px] tabular-nums"
              >
                {Array.from({ length: item.refundable_quantity + 1 }, (_, q) => (
                  <option key={q} value={q}>
                    {q}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
        {itemsError && (
          <p id={`${id}-items-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
            {itemsError}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={`${id}-reason`} className="mb-1.5 block text-sm font-medium">
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          maxLength={1000}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          className={`${textareaClass} ${reasonError ? 'border-red-600' : 'border-ink/15'}`}
        />
        {reasonError && (
          <p id={`${id}-reason-error`} className="mt-1.5 text-sm font-medium text-red-700" data-field-error>
            {reasonError}
          </p>
        )}
      </div>
      <p
        className="flex items-baseline justify-between gap-4 border-t border-ink/10 pt-3 text-sm"
        aria-live="polite"
        data-testid="refund-estimate"
      >
        <span className="font-medium">Estimated refund</span>
        <span className="text-base font-semibold tabular-nums">{formatMinor(estimate, order.currency)}</span>
      </p>
      <FormError message={failed && !itemsError && !reasonError ? failed.message : null} />
      <button type="submit" disabled={busy} className="btn btn-primary h-11 w-full px-5 sm:w-auto">
        {busy && <Spinner />}
        Request refund
      </button>
    </fetcher.Form>
  );
}

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
        {detail && <DetailsBody detail={detail} search={search} retryKey={retryKey} noScript={noScript} />}
      </UrlDialog>
      <UrlDialog
        open={openKind === 'cancel' && order?.can_cancel === true}
        closeTo={closeTo}
        title="Cancel this order?"
        testId="cancel-dialog"
      >
        {order && <CancelBody order={order} search={search} noScript={noScript} />}
      </UrlDialog>
      <UrlDialog
        open={openKind === 'refund' && order?.can_refund === true}
        closeTo={closeTo}
        title="Request a refund"
        testId="refund-dialog"
      >
        {order && <RefundBody order={order} noScript={noScript} />}
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
