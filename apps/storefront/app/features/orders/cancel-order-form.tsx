import { useId } from 'react';
import { Link } from 'react-router';
import type { OrderDetail } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';
import type { OrderActionResult } from './order-actions';
import { useOrderChange } from './order-change';
import { textareaClass } from '../../components/ui/field';
import { FormError, OrderFields } from './order-form-parts';
import { orderDialogHref } from './order-view';

/** Cancel this order?: what cancelling means for the payment, an optional reason, Keep order or Cancel order. */
export function CancelOrderForm({
  order,
  search,
  noScript,
}: {
  order: OrderDetail;
  search: string;
  noScript?: OrderActionResult;
}) {
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
