import { z } from '../zod.ts';
import { AdminProductsQuerySchema } from './admin-catalog.ts';
import { AdminCustomerListQuerySchema } from './admin-customers.ts';
import { AdminOrdersQuerySchema, adminOrderMessages } from './admin-orders.ts';

/**
 * The owner's CSV exports (issue 26): each takes its list's filters (never a cursor or a page
 * size: the export is the whole filtered list, streamed). Formats: docs/csv-formats.md.
 */

/** The export's ready-made periods, days in the shop's time zone as of now; `from`/`to` give any other. */
export const ORDER_EXPORT_PERIODS = ['today', 'this_month', 'last_month'] as const;
export type OrderExportPeriod = (typeof ORDER_EXPORT_PERIODS)[number];

/**
 * GET /api/admin/orders/export.csv: the inbox's filters (tab or status, payment method and state,
 * channel, kind, search), `from` and `to` being days in the shop's own time zone (India: IST), or a
 * `period` counted in the shop's time zone (it replaces from and to).
 */
export const AdminOrdersExportQuerySchema = z
  .object({
    period: z
      .enum(ORDER_EXPORT_PERIODS, { error: `The period must be one of: ${ORDER_EXPORT_PERIODS.join(', ')}` })
      .optional(),
    tab: AdminOrdersQuerySchema.shape.tab,
    status: AdminOrdersQuerySchema.shape.status,
    payment_method: AdminOrdersQuerySchema.shape.payment_method,
    payment_status: AdminOrdersQuerySchema.shape.payment_status,
    /** Placed on or after this day (YYYY-MM-DD in the shop's time zone). */
    from: AdminOrdersQuerySchema.shape.from,
    /** Placed on or before this day (inclusive, the shop's time zone). */
    to: AdminOrdersQuerySchema.shape.to,
    channel: AdminOrdersQuerySchema.shape.channel,
    kind: AdminOrdersQuerySchema.shape.kind,
    q: AdminOrdersQuerySchema.shape.q,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: adminOrderMessages.dateRange });
export type AdminOrdersExportQuery = z.input<typeof AdminOrdersExportQuerySchema>;

/** GET /api/admin/catalog/products/export.csv: the product list's filters. */
export const AdminProductsExportQuerySchema = AdminProductsQuerySchema.pick({
  q: true,
  status: true,
  category: true,
  stock: true,
});
export type AdminProductsExportQuery = z.input<typeof AdminProductsExportQuerySchema>;

/** GET /api/admin/customers/export.csv: the customer list's filters. */
export const AdminCustomersExportQuerySchema = AdminCustomerListQuerySchema.pick({ q: true, blocked: true });
export type AdminCustomersExportQuery = z.input<typeof AdminCustomersExportQuerySchema>;
