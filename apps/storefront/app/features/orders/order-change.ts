import { useEffect, useRef } from 'react';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import type { OrderActionResult, OrderIntent } from './order-actions';
import { orderDialogHref } from './order-view';

/** The fetcher key of one order's change: the dialog that sends it and the page watching it share it. */
export const changeKey = (intent: OrderIntent, orderId: string) => `order-${intent}-${orderId}`;

/**
 * One order change's form state: its fetcher, and what it answered (a script's fetcher, else the
 * page's action when sent without JavaScript).
 */
export function useOrderChange(intent: OrderIntent, orderId: string, noScript: OrderActionResult | undefined) {
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

/**
 * A change that went through (cancel, refund, rate) is told as a toast and the details dialog
 * shows the changed order. Watched here, above the dialogs: the dialog that sent it may close on
 * its own (a cancelled order can no longer be cancelled).
 */
export function useToldChanges(orderId: string) {
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
