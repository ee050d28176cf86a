import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@shopfront/shared';

/**
 * Orders that count as sales (the dashboard, a customer's total spent): confirmed onwards.
 * Unpaid, failed and cancelled orders never brought money in; refunds are taken off the amount.
 */
export const SALE_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'refund_requested',
  'refunded',
];

/** SQL: `column in (<sale statuses>)`. */
export const isSaleSql = (column: SQL): SQL =>
  sql`${column} in (${sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;

/** Escapes LIKE's wildcards so typed text matches literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
