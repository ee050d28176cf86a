import { Link } from 'react-router';
import type { AdminOrderRow } from '@shopfront/shared';
import { formatWhen } from '../../lib/format';
import { StatusPill, partlyRefunded as partly } from './status-pill';

/**
 * One order in the inbox: a card on a phone (the whole card opens the order), a row on a
 * desktop. The checkbox beside it selects it for the bulk actions.
 */
export function OrderCard({
  order,
  index,
  current,
  selected,
  onSelect,
}: {
  order: AdminOrderRow;
  index: number;
  current: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  return (
    <li
      data-list-index={index}
      aria-current={current || undefined}
      data-testid="order-row"
      data-order-no={order.order_no}
      className="relative flex items-stretch gap-1 aria-[current]:bg-stone-50"
    >
      <label className="flex w-12 shrink-0 items-center justify-center">
        <input
          type="checkbox"
          className="size-5 accent-stone-800"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select order ${order.order_no}`}
        />
      </label>
      <Link
        to={`/orders/${encodeURIComponent(order.id)}`}
        className="grid min-h-16 flex-1 grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 py-3 pr-4 outline-offset-[-2px] lg:grid-cols-[7rem_1fr_10rem_7rem_9.5rem] lg:items-center"
      >
        <span className="font-semibold">{order.order_no}</span>
        <span className="text-right font-semibold tabular-nums lg:order-4">{order.total.formatted}</span>
        <span className="truncate text-sm lg:order-2 lg:text-base">
          {order.customer_name}
          <span className="text-muted">
            {' · '}
            {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
          </span>
        </span>
        <span className="text-right lg:order-5">
          <StatusPill status={order.status} label={order.status_label} />
        </span>
        <span className="col-span-2 text-sm text-muted lg:order-3 lg:col-span-1">
          {formatWhen(order.created_at)} · {order.payment_method.name}
          {order.payment_status === 'paid' ? ' · paid' : ''}
          {partly(order) && (
            <span className="font-medium text-orange-800" data-testid="partly-refunded">
              {' · '}Partly refunded · {order.refunded.formatted}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
