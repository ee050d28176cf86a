import { useMe } from '../auth/me';
import { useOrderBadge } from './badge-query';
import { TAB_LABELS } from './tabs';

/**
 * The Orders badge in the frame's navigation, counted by role with the tabs' own names (GET
 * /api/admin/orders/badge, asked every minute while the panel is open): a packer's work is To pack
 * and To ship; an owner's or manager's is To pack and the refund requests waiting for an answer.
 */
export function OrdersNavBadge({ compact = false }: { compact?: boolean }) {
  const badge = useOrderBadge(true).data;
  const packer = useMe().data?.role === 'packer';
  if (!badge) return null;
  const parts: [number, string][] = packer
    ? [
        [badge.new_orders, TAB_LABELS.to_pack.toLowerCase()],
        [badge.to_ship, TAB_LABELS.to_ship.toLowerCase()],
      ]
    : [
        [badge.new_orders, TAB_LABELS.to_pack.toLowerCase()],
        [badge.refund_requests, badge.refund_requests === 1 ? 'refund request' : 'refund requests'],
      ];
  const n = parts.reduce((sum, [k]) => sum + k, 0);
  if (n === 0) return null;
  const title = parts
    .filter(([k]) => k > 0)
    .map(([k, label]) => `${k} ${label}`)
    .join(', ');
  return (
    <span
      data-testid="orders-badge"
      title={title}
      className={`rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums ${compact ? 'absolute -top-1 left-1/2 ml-1.5' : 'ml-auto'}`}
    >
      {n > 99 ? '99+' : n}
      <span className="sr-only"> ({title})</span>
    </span>
  );
}
