import { sql } from 'drizzle-orm';
import {
  STOCK_MAX,
  adminCatalogMessages as msg,
  type AdminLowStock,
  type AdminVariantStock,
  type StockReason,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, notFound } from '../../../lib/http.ts';
import { noteStockChange } from '../../catalog/stock-note.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import { LOW_STOCK_KEY, lowStockSql, lowStockThreshold, stockState, variantSkuSql } from './product-view.ts';

/**
 * Stock of a variant (issue 26). Every change of variants.stock is recorded in stock_movements by
 * a trigger (migration catalog_admin); a writer names why and who with noteStockChange in its
 * transaction, and a change naming nothing is the order code's (taken: sale, given back: cancel).
 * The owner's changes are single conditional updates: an adjust adds to whatever the stock is at
 * that moment (so it and a sale at the same time both land), never below zero nor up past
 * STOCK_MAX (a take is always allowed, so a stock above it from older data can come down); a set with
 * expected_stock applies only when the stock is still what the owner saw.
 */

interface Moved {
  product_id: string;
  from_stock: number;
  to_stock: number;
}

async function changeStock(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  variantId: string,
  n: { reason: StockReason; note: string | null },
  update: (tx: Db) => Promise<Moved | undefined>,
  whyNot: (tx: Db) => Promise<HttpError>,
): Promise<AdminVariantStock> {
  await db.transaction(async (tx) => {
    await noteStockChange(tx, { reason: n.reason, actor: actor.email, note: n.note });
    const moved = await update(tx);
    if (!moved) throw await whyNot(tx);
    await noteStockChange(tx, null);
    await refreshProductSummaries(tx, [moved.product_id]);
    await recordAudit(tx, {
      staff: actor,
      action: 'variant.stock',
      target: `variant:${variantId}`,
      before: { stock: moved.from_stock },
      after: { stock: moved.to_stock, reason: n.reason, note: n.note },
      ip,
    });
  });
  return (await variantStock(db, variantId))!;
}

const variantStockCount = namedQuery<{ stock: number }>()({
  name: 'admin.catalog.stock.count',
  columns: ['stock'],
  example: { id: 'var_example' },
  build: (params: { id: string }) => sql`select stock from variants where id = ${params.id}`,
});

const exists = async (tx: Db, id: string) => (await variantStockCount(tx, { id }))[0];

const MOVED_COLUMNS = ['product_id', 'from_stock', 'to_stock'] as const;

/** Adds `delta` (negative takes) unless the stock would go below zero or (adding) above STOCK_MAX. */
const addStock = namedQuery<Moved>()({
  name: 'admin.catalog.stock.adjust',
  columns: MOVED_COLUMNS,
  example: { variantId: 'var_example', delta: 1 },
  build: (params: { variantId: string; delta: number }) =>
    sql`update variants set stock = stock + ${params.delta}
         where id = ${params.variantId} and stock + ${params.delta} >= 0
           and (${params.delta} <= 0 or stock + ${params.delta} <= ${STOCK_MAX})
     returning product_id, stock - ${params.delta} as from_stock, stock as to_stock`,
});

/** Sets the count; with `expected` only while the stock is still that. */
const setStockTo = namedQuery<Moved>()({
  name: 'admin.catalog.stock.set',
  columns: MOVED_COLUMNS,
  example: { variantId: 'var_example', stock: 1, expected: 0 as number | undefined },
  build: (params: { variantId: string; stock: number; expected: number | undefined }) => {
    const expected = params.expected === undefined ? sql`` : sql`and v.stock = ${params.expected}`;
    // The old value from a self-join on the locked row: UPDATE's RETURNING sees only the new one.
    return sql`update variants v set stock = ${params.stock} from (select id, stock from variants where id = ${params.variantId} for update) o
               where v.id = o.id ${expected}
           returning v.product_id, o.stock as from_stock, v.stock as to_stock`;
  },
});

/** Adds `delta` units (negative takes), atomically; 422 when it would go below zero or above STOCK_MAX. */
export function adjustStock(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  variantId: string,
  body: { delta: number; reason: StockReason; note: string | null },
): Promise<AdminVariantStock> {
  return changeStock(
    db,
    actor,
    ip,
    variantId,
    body,
    async (tx) => (await addStock(tx, { variantId, delta: body.delta }))[0],
    async (tx) => {
      const now = await exists(tx, variantId);
      if (!now) return notFound(msg.variantNotFound);
      const why = now.stock + body.delta < 0 ? msg.stockBelowZero : msg.stockAboveMax;
      return new HttpError(422, why, { delta: [why] });
    },
  );
}

/**
 * Sets the count; with expected_stock only while the stock is still that (else 409, nothing
 * changed). When the stock already is the count asked for, that is the answer (a retry of a set
 * whose answer was lost must not say someone else changed it).
 */
export async function setStock(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  variantId: string,
  body: { stock: number; reason: StockReason; note: string | null; expected_stock?: number },
): Promise<AdminVariantStock> {
  try {
    return await setStockIfStill(db, actor, ip, variantId, body);
  } catch (err) {
    if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
    const now = await variantStock(db, variantId);
    if (now?.variant.stock === body.stock) return now;
    throw err;
  }
}

function setStockIfStill(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  variantId: string,
  body: { stock: number; reason: StockReason; note: string | null; expected_stock?: number },
): Promise<AdminVariantStock> {
  return changeStock(
    db,
    actor,
    ip,
    variantId,
    body,
    async (tx) => (await setStockTo(tx, { variantId, stock: body.stock, expected: body.expected_stock }))[0],
    async (tx) =>
      (await exists(tx, variantId)) ? new HttpError(409, msg.stockChanged) : notFound(msg.variantNotFound),
  );
}

interface VariantRow {
  id: string;
  product_id: string;
  product_title: string;
  title: string;
  options: Record<string, string>;
  stock: number;
  sku: string | null;
  threshold: number;
  prices: AdminVariantStock['variant']['prices'];
  movements: {
    id: number;
    variant_id: string;
    from_stock: number;
    to_stock: number;
    reason: string;
    ref: string | null;
    actor: string | null;
    note: string | null;
    created_at: string;
  }[];
}

const variantWithMovements = namedQuery<VariantRow>()({
  name: 'admin.catalog.stock.variant',
  columns: [
    'id',
    'product_id',
    'product_title',
    'title',
    'options',
    'stock',
    'sku',
    'threshold',
    'prices',
    'movements',
  ],
  example: { variantId: 'var_example' },
  build: (params: { variantId: string }) =>
    sql`select v.id, v.product_id, p.name as product_title, v.title, v.options, v.stock, ${variantSkuSql(sql`v.id`)} as sku,
          ${lowStockSql} as threshold,
          (select coalesce(json_agg(json_build_object('channel_id', vc.channel_id, 'currency', c.currency_code,
             'price_minor', vc.selling_price_minor, 'compare_at_minor', vc.mrp_minor) order by vc.channel_id), '[]')
             from variant_channels vc join channels c on c.id = vc.channel_id where vc.variant_id = v.id) as prices,
          (select coalesce(json_agg(m order by m.id desc), '[]') from
             (select * from stock_movements where variant_id = v.id order by id desc limit 50) m) as movements
        from variants v join products p on p.id = v.product_id where v.id = ${params.variantId}`,
});

/** A variant with its prices and its latest 50 stock movements, newest first. */
export async function variantStock(db: Db, variantId: string): Promise<AdminVariantStock | null> {
  const [v] = await variantWithMovements(db, { variantId });
  if (!v) return null;
  return {
    variant: {
      id: v.id,
      product_id: v.product_id,
      product_title: v.product_title,
      title: v.title,
      options: v.options,
      sku: v.sku ?? '',
      stock: v.stock,
      stock_state: stockState(v.stock, v.threshold),
      prices: v.prices,
    },
    movements: v.movements.map((m) => ({
      id: m.id,
      variant_id: m.variant_id,
      from: m.from_stock,
      to: m.to_stock,
      change: m.to_stock - m.from_stock,
      reason: m.reason,
      order_id: m.ref,
      actor: m.actor,
      note: m.note,
      at: new Date(m.created_at).toISOString(),
    })),
  };
}

interface LowStockRow {
  product_id: string;
  product_title: string;
  variant_id: string;
  variant_title: string;
  sku: string | null;
  stock: number;
  threshold: number;
}

const lowStockRows = namedQuery<LowStockRow>()({
  name: 'admin.catalog.stock.low',
  columns: ['product_id', 'product_title', 'variant_id', 'variant_title', 'sku', 'stock', 'threshold'],
  example: {},
  build: () =>
    sql`with t as (select ${lowStockSql} as threshold)
        select p.id as product_id, p.name as product_title, v.id as variant_id, v.title as variant_title,
               ${variantSkuSql(sql`v.id`)} as sku, v.stock, t.threshold
          from variants v join products p on p.id = v.product_id, t
         where v.stock <= t.threshold and p.archived_at is null
         order by v.stock, p.name, v.position, v.id
         limit 500`,
});

/** Variants at or under the threshold, of products not archived: the emptiest first. */
export async function lowStockList(db: Db): Promise<AdminLowStock> {
  const rows = await lowStockRows(db, {});
  const threshold = rows[0]?.threshold ?? (await lowStockThreshold(db));
  return {
    low_stock_threshold: threshold,
    variants: rows.map((r) => ({
      product_id: r.product_id,
      product_title: r.product_title,
      variant_id: r.variant_id,
      variant_title: r.variant_title,
      sku: r.sku ?? '',
      stock: r.stock,
      stock_state: stockState(r.stock, threshold),
    })),
  };
}

const lockLowStockSetting = namedQuery<{ value: unknown }>()({
  name: 'admin.catalog.stock.lock-threshold-setting',
  columns: ['value'],
  example: {},
  build: () => sql`select value from store_settings where key = ${LOW_STOCK_KEY} for update`,
});

export async function saveLowStockThreshold(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  threshold: number,
): Promise<number> {
  await db.transaction(async (tx) => {
    const [old] = await lockLowStockSetting(tx, {});
    await tx.execute(
      sql`insert into store_settings (key, value) values (${LOW_STOCK_KEY}, ${JSON.stringify(threshold)}::jsonb)
          on conflict (key) do update set value = excluded.value, updated_at = now()`,
    );
    await recordAudit(tx, {
      staff: actor,
      action: 'catalog.settings',
      target: 'catalog-settings',
      before: { low_stock_threshold: old?.value ?? null },
      after: { low_stock_threshold: threshold },
      ip,
    });
  });
  return threshold;
}
