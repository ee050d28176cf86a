import { ApiError, callEndpoint, checkoutApi, type LatestOrder, type Order } from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';

/**
 * The guard of /checkout-complete and /checkout-failed: the shopper's own latest order (their
 * account's, or the one this browser placed as a guest) when it is the one the URL names, else
 * null. Nothing is found by guessing an id.
 */
export async function ownLatestOrder(context: unknown, request: Request): Promise<LatestOrder | null> {
  const wanted = new URL(request.url).searchParams.get('order');
  if (!wanted) return null;
  try {
    const { data: order } = await callEndpoint(apiTransport(context), checkoutApi.latest);
    return order.id === wanted ? order : null;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 401)) return null;
    throw err;
  }
}

/** The order never got its money: its page is the failed one. */
export function paymentFailed(order: Pick<Order, 'status' | 'payment_status'>): boolean {
  if (order.status === 'payment_failed') return true;
  return order.status === 'cancelled' && (order.payment_status === 'pending' || order.payment_status === 'failed');
}
