import { useOrderBadge } from './badge-query';

/**
 * The Orders badge in the frame's navigation: orders waiting to be packed plus refund requests
 * not yet answered (GET /api/admin/orders/badge, asked every minute while the panel is open).
 */
export function OrdersNavBadge({ compact = false }: { compact?: boolean }) {
  const badge = useOrderBadge(true).data;
  const n = badge ? badge.new_orders + badge.refund_requests : 0;
  if (!badge || n === 0) return null;
  const title = [
    badge.new_orders && `${badge.new_orders} to pack`,
    badge.refund_requests && `${badge.refund_requests} refund ${badge.refund_requests === 1 ? 'request' : 'requests'}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span
      data-testid="orders-badge"
      className={`rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums ${compact ? 'absolute -top-1 left-1/2 ml-1.5' : 'ml-auto'}`}
    >
      {n > 99 ? '99+' : n}
      <span className="sr-only"> ({title})</span>
    </span>
  );
}
