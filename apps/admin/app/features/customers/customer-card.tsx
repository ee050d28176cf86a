import { Link } from 'react-router';
import type { AdminCustomerRow } from '@shopfront/shared';

export const fullName = (c: { first_name: string; last_name: string }) =>
  `${c.first_name} ${c.last_name}`.trim() || 'No name given';

/** One customer in the list: a card on a phone (the whole card opens them), a row on a desktop. */
export function CustomerCard({
  customer: c,
  index,
  current,
}: {
  customer: AdminCustomerRow;
  index: number;
  current: boolean;
}) {
  const spent = c.total_spent.map((m) => m.formatted).join(' + ') || '—';
  return (
    <li
      data-list-index={index}
      aria-current={current || undefined}
      data-testid="customer-row"
      className="aria-[current]:bg-stone-50"
    >
      <Link
        to={`/customers/${c.id}`}
        className="grid min-h-16 grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 px-4 py-3 outline-offset-[-2px] lg:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_6rem_8rem] lg:items-center"
      >
        <span className="flex min-w-0 items-center gap-2 font-semibold">
          <span className="truncate">{fullName(c)}</span>
          {c.blocked_at && (
            <span className="shrink-0 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">
              Blocked
            </span>
          )}
        </span>
        <span className="text-right font-semibold tabular-nums lg:order-4">{spent}</span>
        <span className="min-w-0 truncate text-sm text-muted lg:order-2">
          {[c.phone, c.email].filter(Boolean).join(' · ') || 'No contact details'}
        </span>
        <span className="text-right text-sm text-muted lg:order-3 lg:text-left">
          {c.orders_count} {c.orders_count === 1 ? 'order' : 'orders'}
        </span>
      </Link>
    </li>
  );
}
