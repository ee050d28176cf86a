import { Link } from 'react-router';
import { formatMoney } from '../catalog/money';
import { Failed, LoadMore, Loading } from '../../components/ui/states';
import { useCouponUses } from './queries';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The orders that used the coupon, newest first, each a link to its order. */
export function CouponUses({ id, used }: { id: number; used: number }) {
  const uses = useCouponUses(id);
  const rows = uses.data?.pages.flatMap((p) => p.uses) ?? [];
  return (
    <section className="card mx-auto mb-4 max-w-3xl p-4 sm:p-5" data-testid="coupon-uses">
      <h2 className="font-semibold">
        Orders that used it <span className="text-muted tabular-nums">({used})</span>
      </h2>
      {uses.isPending ? (
        <Loading label="Loading the orders…" />
      ) : uses.isError ? (
        <Failed error={uses.error} retry={() => uses.refetch()} />
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No order has used this coupon yet.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-line">
            {rows.map((u) => (
              <li key={u.order_id}>
                <Link
                  to={`/orders/${encodeURIComponent(u.order_id)}`}
                  className="grid min-h-11 grid-cols-[1fr_auto] gap-x-3 py-2.5 hover:bg-stone-50"
                  data-testid="coupon-use"
                >
                  <span className="min-w-0">
                    <span
                      className="block font-medium underline-offset-2 hover:underline"
                      data-testid="coupon-use-order"
                    >
                      #{u.order_no}
                    </span>
                    <span className="block truncate text-sm text-muted">{u.customer ?? 'Guest'}</span>
                  </span>
                  <span className="text-right">
                    <span className="block font-medium tabular-nums">−{formatMoney(u.discount_minor, u.currency)}</span>
                    <span className="block text-sm text-muted">{when(u.at)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <LoadMore list={uses} end="That is every order that used it." />
        </>
      )}
    </section>
  );
}
