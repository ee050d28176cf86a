import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { MoneySchema } from '../money.ts';
import { ORDER_STATUSES } from '../order-status.ts';

/**
 * The owner's dashboard (issue 25): sales, orders and average order value for today, 7 and 30
 * days against the period just before, Cash on Delivery against online payment, top products and
 * the orders waiting to ship, all from SQL on the orders.
 *
 * Sales count orders that went through (confirmed onwards; cancelled, unpaid and failed ones left
 * out) at their grand total less what was refunded, in the default channel's currency.
 */
export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriodKey = (typeof DASHBOARD_PERIODS)[number];
export const DASHBOARD_TOP_PRODUCTS = 5;
export const DASHBOARD_WAITING_LIST = 10;

/** GET /api/admin/dashboard */
export const DashboardQuerySchema = z.object({
  /**
   * Minutes the owner's clock is ahead of UTC (India: 330), so "today" starts at their midnight.
   * A browser sends `-new Date().getTimezoneOffset()`.
   */
  utc_offset: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(-720, { error: messages.between(-720, 840) })
    .max(840, { error: messages.between(-720, 840) })
    .default(0),
});
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

const FiguresSchema = z.object({
  sales: MoneySchema,
  orders: z.number().int(),
  /** sales / orders (0 without orders). */
  average_order_value: MoneySchema,
});
const SplitSchema = z.object({ orders: z.number().int(), sales: MoneySchema });

export const DashboardPeriodSchema = FiguresSchema.extend({
  key: z.enum(DASHBOARD_PERIODS),
  /** ISO 8601: the period is [from, to); `previous` is the same length just before `from`. */
  from: z.string(),
  to: z.string(),
  previous: FiguresSchema,
  /** Offline methods (Cash on Delivery) against online payment, this period. */
  cod: SplitSchema,
  online: SplitSchema,
});
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

export const DashboardSchema = z.object({
  currency: z.string(),
  periods: z.array(DashboardPeriodSchema),
  /** Best sellers of the last 30 days by sales (units less refunded ones). */
  top_products: z.array(
    z.object({
      product_id: z.string(),
      slug: z.string(),
      name: z.string(),
      units: z.number().int(),
      sales: MoneySchema,
    }),
  ),
  /** Confirmed or packed orders: paid or Cash on Delivery, not shipped yet. Oldest first. */
  waiting_to_ship: z.object({
    count: z.number().int(),
    orders: z.array(
      z.object({
        id: z.string(),
        order_no: z.string(),
        status: z.enum(ORDER_STATUSES),
        grand_total: MoneySchema,
        created_at: z.string(),
      }),
    ),
  }),
  generated_at: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
