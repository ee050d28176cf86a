import type { OrderDetail } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';
import { PAYMENT_UNUSABLE } from '../checkout/payment-view';
import { ProcessingDialog } from '../checkout/processing-dialog';
import { useLeaveForPayment } from '../checkout/use-leave-for-payment';
import { RETRY_KEY_FIELD, type OrderActionResult } from './order-actions';
import { useOrderChange } from './order-change';
import { FormError, OrderFields } from './order-form-parts';

/** Pay now: the same order's online payment again (process-payment), through the provider's page. */
export function PayNow({
  order,
  retryKey,
  noScript,
}: {
  order: OrderDetail;
  retryKey: string;
  noScript?: OrderActionResult;
}) {
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
