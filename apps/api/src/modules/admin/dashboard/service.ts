import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_PERIODS,
  DASHBOARD_TOP_PRODUCTS,
  DASHBOARD_WAITING_LIST,
  money,
  type Dashboard,
  type DashboardPeriodKey,
  type OrderStatus,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { isSaleSql } from '../sales.ts';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<DashboardPeriodKey, number> = { today: 1, '7d': 7, '30d': 30 };

const shopCurrencyRow = namedQuery<{ currency_code: string }>()({
  name: 'admin.dashboard.currency',
  columns: ['currency_code'],
  example: {},
  build: () =>
    sql`select ch.currency_code from channels ch
        left join store_settings s on s.key = 'default_channel'
        order by (ch.id = s.value #>> '{}') desc nulls last, ch.id limit 1`,
});

/** The currency the dashboard counts in: the default channel's (the first channel without one). */
async function shopCurrency(db: Db): Promise<string> {
  const [row] = await shopCurrencyRow(db, {});
  return row?.currency_code ?? 'INR';
}

/**
 * The periods: today since the owner's midnight (`utcOffset` minutes ahead of UTC), and the 7 and
 * 30 days that end today, each until `now`; the previous period is the same stretch of time one
 * period length earlier (today so far against yesterday until the same hour).
 */
export function dashboardPeriods(now: Date, utcOffset: number) {
  const local = now.getTime() + utcOffset * 60_000;
  const todayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - utcOffset * 60_000;
  return DASHBOARD_PERIODS.map((key) => {
    const days = PERIOD_DAYS[key];
    const from = todayStart - (days - 1) * DAY_MS;
    return {
      key,
      from: new Date(from),
      to: now,
      previousFrom: new Date(from - days * DAY_MS),
      previousTo: new Date(now.getTime() - days * DAY_MS),
    };
  });
}

type Period = ReturnType<typeof dashboardPeriods>[number];

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const within = (from: Date, to: Date, extra: SQL = sql`true`) =>
  sql`o.created_at >= ${ts(from)} and o.created_at < ${ts(to)} and ${extra}`;

/** Each period's windows, by the prefix of their columns: current, previous, offline and online payments. */
const WINDOWS = ['c', 'p', 'cod', 'onl'] as const;

/** The figures' columns: a count (`_n`) and a sum (`_s`) for each window of each period. */
const FIGURE_COLUMNS = DASHBOARD_PERIODS.flatMap((_, i) => WINDOWS.flatMap((w) => [`${w}${i}_n`, `${w}${i}_s`]));

const EXAMPLE_NOW = new Date('2026-01-31T12:00:00Z');
const EXAMPLE = { periods: dashboardPeriods(EXAMPLE_NOW, 330), now: EXAMPLE_NOW, currency: 'INR' };

/** The periods' order counts and sums, in one pass over the orders since the earliest one began. */
const figureRow = namedQuery<Record<string, number | string>>()({
  name: 'admin.dashboard.figures',
  columns: FIGURE_COLUMNS,
  example: EXAMPLE,
  build: ({ periods, now, currency }: { periods: Period[]; now: Date; currency: string }) => {
    const earliest = periods.reduce((min, p) => (p.previousFrom < min ? p.previousFrom : min), now);
    // Read once per order in the query below (pm joined), not once per filtered aggregate.
    const offline = sql`o.offline`;
    const figures: SQL[] = [];
    periods.forEach((p, i) => {
      const windows: [string, SQL][] = [
        [`c${i}`, within(p.from, p.to)],
        [`p${i}`, within(p.previousFrom, p.previousTo)],
        [`cod${i}`, within(p.from, p.to, offline)],
        [`onl${i}`, within(p.from, p.to, sql`not ${offline}`)],
      ];
      for (const [name, cond] of windows) {
        figures.push(sql`count(*) filter (where ${cond})::int as ${sql.raw(`${name}_n`)}`);
        figures.push(
          sql`coalesce(sum(o.grand_total_minor - o.refunded_minor) filter (where ${cond}), 0)::bigint as ${sql.raw(`${name}_s`)}`,
        );
      }
    });
    return sql`with o as (
            select o.created_at, o.grand_total_minor, o.refunded_minor, coalesce(pm.kind = 'offline', false) as offline
            from orders o left join payment_methods pm on pm.code = o.payment_method_code
            where o.created_at >= ${ts(earliest)} and o.created_at < ${ts(now)}
              and o.currency = ${currency} and ${isSaleSql(sql`o.status`)})
          select ${sql.join(figures, sql`, `)} from o`;
  },
});

/** The 30 days' best sellers by sales. */
const topProducts = namedQuery<{
  product_id: string;
  slug: string;
  name: string;
  units: number;
  sales: number | string;
}>()({
  name: 'admin.dashboard.top-products',
  columns: ['product_id', 'slug', 'name', 'units', 'sales'],
  example: { thirty: EXAMPLE.periods.find((p) => p.key === '30d')!, currency: 'INR' },
  build: ({ thirty, currency }: { thirty: Period; currency: string }) =>
    sql`select oi.product_id, max(oi.slug) as slug, max(oi.name) as name,
                 sum(oi.quantity - oi.refunded_quantity)::int as units,
                 sum(oi.total_minor::bigint * (oi.quantity - oi.refunded_quantity) / oi.quantity)::bigint as sales
          from order_items oi join orders o on o.id = oi.order_id
          where ${within(thirty.from, thirty.to)} and o.currency = ${currency} and ${isSaleSql(sql`o.status`)}
          group by oi.product_id
          having sum(oi.quantity - oi.refunded_quantity) > 0
          order by sales desc, units desc, oi.product_id limit ${DASHBOARD_TOP_PRODUCTS}`,
});

/** The oldest orders waiting to ship, with how many wait. */
const waitingOrders = namedQuery<{
  id: string;
  order_no: string;
  status: OrderStatus;
  grand_total_minor: number;
  currency: string;
  created_at: Date | string;
  total: number;
}>()({
  name: 'admin.dashboard.waiting',
  columns: ['id', 'order_no', 'status', 'grand_total_minor', 'currency', 'created_at', 'total'],
  example: {},
  build: () =>
    sql`select o.id, o.order_no, o.status, o.grand_total_minor, o.currency, o.created_at,
                 count(*) over ()::int as total
          from orders o where o.status in ('confirmed', 'packed')
          order by o.created_at, o.id limit ${DASHBOARD_WAITING_LIST}`,
});

/** The dashboard, from three queries on the orders (figures, top products, waiting to ship). */
export async function getDashboard(db: Db, utcOffset: number, now = new Date()): Promise<Dashboard> {
  const currency = await shopCurrency(db);
  const periods = dashboardPeriods(now, utcOffset);
  const thirty = periods.find((p) => p.key === '30d')!;
  const [[agg], top, waiting] = await Promise.all([
    figureRow(db, { periods, now, currency }),
    topProducts(db, { thirty, currency }),
    waitingOrders(db, {}),
  ]);
  const n = (k: string) => Number(agg?.[`${k}_n`] ?? 0);
  const s = (k: string) => Number(agg?.[`${k}_s`] ?? 0);
  const figuresOf = (k: string) => ({
    sales: money(s(k), currency),
    orders: n(k),
    average_order_value: money(n(k) ? Math.round(s(k) / n(k)) : 0, currency),
  });
  return {
    currency,
    periods: periods.map((p, i) => ({
      key: p.key,
      from: p.from.toISOString(),
      to: p.to.toISOString(),
      ...figuresOf(`c${i}`),
      previous: figuresOf(`p${i}`),
      cod: { orders: n(`cod${i}`), sales: money(s(`cod${i}`), currency) },
      online: { orders: n(`onl${i}`), sales: money(s(`onl${i}`), currency) },
    })),
    top_products: top.map((t) => ({
      product_id: t.product_id,
      slug: t.slug,
      name: t.name,
      units: t.units,
      sales: money(Number(t.sales), currency),
    })),
    waiting_to_ship: {
      count: waiting[0]?.total ?? 0,
      orders: waiting.map((w) => ({
        id: w.id,
        order_no: w.order_no,
        status: w.status,
        grand_total: money(w.grand_total_minor, w.currency),
        created_at: new Date(w.created_at).toISOString(),
      })),
    },
    generated_at: now.toISOString(),
  };
}
