import type { Dashboard, DashboardPeriod } from '@shopfront/shared';
import { Failed } from '../../components/ui/states';
import { useDashboard } from './queries';

const TITLES: Record<DashboardPeriod['key'], string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };
const PREVIOUS: Record<DashboardPeriod['key'], string> = {
  today: 'yesterday',
  '7d': 'the 7 days before',
  '30d': 'the 30 days before',
};

/** Against the period before: "+12% on yesterday (₹2,000.00)", or what it was when there is nothing to divide. */
function change(p: DashboardPeriod): { text: string; tone: string } {
  const [now, before] = [p.sales.amount, p.previous.sales.amount];
  const was = `${PREVIOUS[p.key]}: ${p.previous.sales.formatted}`;
  if (before === 0 || now === 0) return { text: was.charAt(0).toUpperCase() + was.slice(1), tone: 'text-muted' };
  const pct = Math.round(((now - before) / before) * 100);
  return {
    text: `${pct > 0 ? '+' : ''}${pct}% on ${PREVIOUS[p.key]} (${p.previous.sales.formatted})`,
    tone: pct >= 0 ? 'text-emerald-700' : 'text-red-700',
  };
}

function Period({ p }: { p: DashboardPeriod }) {
  const delta = change(p);
  return (
    <section className="card p-4" data-testid={`sales-${p.key}`} aria-labelledby={`sales-${p.key}-title`}>
      <h3 id={`sales-${p.key}-title`} className="text-sm font-medium text-muted">
        {TITLES[p.key]}
      </h3>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{p.sales.formatted}</p>
      <p className={`text-sm ${delta.tone}`}>{delta.text}</p>
      <p className="mt-2 text-sm text-muted">
        {p.orders} {p.orders === 1 ? 'order' : 'orders'}
        {p.orders > 0 && ` · ${p.average_order_value.formatted} average`}
      </p>
      {p.orders > 0 && (
        <p className="text-sm text-muted">
          Cash on Delivery {p.cod.orders} · online {p.online.orders}
        </p>
      )}
    </section>
  );
}

function TopProducts({ products }: { products: Dashboard['top_products'] }) {
  if (products.length === 0) return null;
  return (
    <section className="card mt-3 p-4" aria-labelledby="top-products">
      <h3 id="top-products" className="text-sm font-medium text-muted">
        Best sellers, last 30 days
      </h3>
      <ol className="mt-2 divide-y divide-line">
        {products.map((p) => (
          <li key={p.product_id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 break-words">{p.name}</span>
            <span className="shrink-0 text-right tabular-nums text-muted">
              {p.units} sold · <span className="text-ink">{p.sales.formatted}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Sales today and this week against the period before (amounts in the shop's currency, from the API). */
export function Sales() {
  const q = useDashboard(true);
  if (q.isPending)
    return (
      <div role="status" className="grid gap-3 sm:grid-cols-2">
        <span className="sr-only">Loading sales…</span>
        <div className="card h-32 animate-pulse bg-stone-50" />
        <div className="card h-32 animate-pulse bg-stone-50" />
      </div>
    );
  if (q.isError) return <Failed error={q.error} retry={() => q.refetch()} />;
  const shown = q.data.periods.filter((p) => p.key !== '30d');
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {shown.map((p) => (
          <Period key={p.key} p={p} />
        ))}
      </div>
      <TopProducts products={q.data.top_products} />
    </>
  );
}
