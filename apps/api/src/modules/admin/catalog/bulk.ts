import { sql, type SQL } from 'drizzle-orm';
import {
  BULK_STOCK_MAX,
  adminBulkMessages as msg,
  bulkCellError,
  bulkCellKey,
  messages,
  type AdminBulkCell,
  type AdminBulkPage,
  type AdminBulkQuery,
  type AdminBulkSaved,
  type AdminBulkRow,
  type AdminBulkSave,
  type BulkField,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError } from '../../../lib/http.ts';
import { noteStockChange } from '../../catalog/stock-note.ts';
import { READ_MODEL_CHANNEL, refreshProductSummaries } from '../../catalog/summary.ts';
import { textArray } from '../../../db/sql-array.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import { encode, productFilters } from './list.ts';
import { lowStockSql, statusSql } from './product-view.ts';

/**
 * The bulk editor (issue 26; docs/decisions/0035-bulk-editor.md). The grid is the product list's
 * page (same filters, same keyset) with every variant of its products; a save is one transaction:
 * the variants are locked in id order (as checkout locks them), then their products; each cell is
 * checked against what it carried (`was`); prices, stock and published state are written in a
 * few set-based statements; the touched products' versions move on (an open product editor gets
 * its 409), their listing summaries are refreshed, and one `catalog.bulk` audit entry records
 * every cell's before and after, which Undo puts back as a whole.
 */

const AUDIT_ACTION = 'catalog.bulk';
const targetOf = (channelId: string) => `catalog-bulk:${channelId}`;

interface PageRow extends AdminBulkRow {
  at: string;
}

const rowSql = (channel: string, extra = sql``) => sql`v.id as variant_id, p.id as product_id, p.name as product_title,
  v.title as variant_title,
  coalesce(vc.sku, (select x.sku from variant_channels x where x.variant_id = v.id order by x.channel_id limit 1), '') as sku,
  vc.selling_price_minor as price_minor, vc.mrp_minor as compare_at_minor, v.stock,
  p.is_published as published, ${statusSql} as status, p.version as product_version ${extra}
  from variants v join products p on p.id = v.product_id
  left join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${channel}`;

/** The columns of rowSql: an AdminBulkRow's. */
const ROW_COLUMNS = [
  'variant_id',
  'product_id',
  'product_title',
  'variant_title',
  'sku',
  'price_minor',
  'compare_at_minor',
  'stock',
  'published',
  'status',
  'product_version',
] as const;

/** A channel by id (the default storefront's when none is named). */
const bulkChannel = namedQuery<{ id: string; currency: string }>()({
  name: 'admin.catalog.bulk.channel',
  columns: ['id', 'currency'],
  example: { id: 'ch_example' as string | undefined },
  build: (params: { id: string | undefined }) =>
    sql`select id, currency_code as currency from channels where id = ${params.id ?? READ_MODEL_CHANNEL}`,
});

async function channelOf(db: Db, id: string | undefined, field: string) {
  const [c] = await bulkChannel(db, { id });
  if (!c) throw fieldError(field, msg.unknownChannel);
  return c;
}

/**
 * The grid's rows of up to `limit` products (and one more: is there a next page) chosen by `where`
 * (productFilters), priced in `channelId`. Described with every filter but `stock: 'out'`.
 */
const bulkPageRows = namedQuery<PageRow>()({
  name: 'admin.catalog.bulk.page',
  columns: [...ROW_COLUMNS, 'at'],
  example: {
    where: productFilters({ q: 'x', status: 'draft', category: 'c', stock: 'low', cursor: encode('1', 'prd_example') }),
    limit: 50,
    channelId: 'ch_example',
  },
  build: (params: { where: SQL[]; limit: number; channelId: string }) =>
    sql`with t as (select ${lowStockSql} as threshold),
        page as (
          select p.id, p.created_at from products p cross join t
           where ${sql.join(params.where, sql` and `)}
           order by p.created_at desc, p.id desc
           limit ${params.limit + 1})
        select ${rowSql(params.channelId, sql`, (extract(epoch from pg.created_at) * 1e6)::bigint::text as at`)}
          join page pg on pg.id = p.id
         order by pg.created_at desc, pg.id desc, v.position, v.id`,
});

const bulkChannels = namedQuery<{ id: string; name: string; currency: string }>()({
  name: 'admin.catalog.bulk.channels',
  columns: ['id', 'name', 'currency'],
  example: {},
  build: () => sql`select id, name, currency_code as currency from channels order by id`,
});

/** One page of the grid: up to `limit` products (the list's order and filters), all their variants. */
export async function bulkPage(db: Db, q: AdminBulkQuery & { limit: number }): Promise<AdminBulkPage> {
  const channel = await channelOf(db, q.channel, 'channel');
  const rows = await bulkPageRows(db, { where: productFilters(q), limit: q.limit, channelId: channel.id });
  // The `at` column: the products' keyset position (see list.ts).
  const products = [...new Set(rows.map((r) => r.product_id))];
  const more = products.length > q.limit;
  const kept = new Set(products.slice(0, q.limit));
  const page = rows.filter((r) => kept.has(r.product_id));
  const last = page.at(-1);
  const channels = await bulkChannels(db, {});
  return {
    channel,
    channels,
    rows: page.map(({ at: _at, ...r }) => r),
    next_cursor: more && last ? encode(last.at, last.product_id) : null,
  };
}

interface Locked {
  id: string;
  product_id: string;
  stock: number;
  priced: boolean;
  price: number | null;
  mrp: number | null;
  sku: string;
}
interface LockedProduct {
  id: string;
  published: boolean;
  archived: boolean;
}

/** The variants named (their price in the channel), locked in id order. */
const lockBulkVariants = namedQuery<Locked>()({
  name: 'admin.catalog.bulk.lock-variants',
  columns: ['id', 'product_id', 'stock', 'priced', 'price', 'mrp', 'sku'],
  example: { channelId: 'ch_example', rowIds: ['var_example'] },
  build: (params: { channelId: string; rowIds: string[] }) =>
    sql`select v.id, v.product_id, v.stock, vc.variant_id is not null as priced, vc.selling_price_minor as price,
               vc.mrp_minor as mrp, coalesce(vc.sku, '') as sku
          from variants v left join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${params.channelId}
         where v.id = any(${textArray(params.rowIds)}) order by v.id for update of v`,
});

/** The products named, locked in id order. */
const lockBulkProducts = namedQuery<LockedProduct>()({
  name: 'admin.catalog.bulk.lock-products',
  columns: ['id', 'published', 'archived'],
  example: { productIds: ['prd_example'] },
  build: (params: { productIds: string[] }) =>
    sql`select id, is_published as published, archived_at is not null as archived
          from products where id = any(${textArray(params.productIds)}) order by id for update`,
});

type Mode = 'edit' | 'undo';
type Errors = Record<string, string[]>;

const add = (errors: Errors, c: Pick<AdminBulkCell, 'row' | 'field'>, message: string) => {
  (errors[bulkCellKey(c.row, c.field)] ??= []).push(message);
};

/** The shape of `was` a field carries (a number, a number or null, a boolean). */
const wasFits = (field: BulkField, was: unknown) =>
  field === 'published'
    ? typeof was === 'boolean'
    : field === 'compare_at'
      ? was === null || Number.isInteger(was)
      : Number.isInteger(was);

/** Each cell's own checks, before anything is read (with the others, 422 naming every bad cell). */
function checkCells(cells: readonly AdminBulkCell[]): Errors {
  const errors: Errors = {};
  const seen = new Set<string>();
  for (const c of cells) {
    const key = bulkCellKey(c.row, c.field);
    if (seen.has(key)) add(errors, c, msg.twice);
    seen.add(key);
    const bad = bulkCellError(c.field, c.value);
    if (bad) add(errors, c, bad);
    else if (!wasFits(c.field, c.was)) add(errors, c, messages.invalidData);
  }
  return errors;
}

interface Cell {
  cell: AdminBulkCell;
  /** The variant (price, compare-at, stock) or null (published). */
  variant: Locked | null;
  product: string;
}

/** The save: one transaction (see the module comment). In `undo` mode a stock cell must still hold `was` exactly. */
async function applyBulk(
  tx: Db,
  actor: AuditActor,
  ip: string | null,
  body: AdminBulkSave,
  mode: Mode,
): Promise<{ productIds: string[]; changed: number }> {
  const invalid = checkCells(body.cells);
  const channel = await channelOf(tx, body.channel_id, 'channel_id');
  const rowIds = [...new Set(body.cells.map((c) => c.row))].sort();
  // Variants first, in id order (checkout's order), then their products: no lock cycle with a sale.
  const variants = await lockBulkVariants(tx, { channelId: channel.id, rowIds });
  const byId = new Map(variants.map((v) => [v.id, v]));
  const productIds = [
    ...new Set([...variants.map((v) => v.product_id), ...rowIds.filter((id) => !byId.has(id))]),
  ].sort();
  const products = await lockBulkProducts(tx, { productIds });
  const productById = new Map(products.map((p) => [p.id, p]));

  const conflicts: Errors = {};
  const cells: Cell[] = [];
  // A published cell belongs to its product, whichever row carried it: one per product (two
  // would contradict each other, and the batch's audit entry could never be undone).
  const publishedOf = new Set<string>();
  for (const c of body.cells) {
    if (invalid[bulkCellKey(c.row, c.field)]) continue;
    const variant = byId.get(c.row) ?? null;
    if (c.field === 'published') {
      const product = productById.get(variant?.product_id ?? c.row);
      if (!product) add(invalid, c, msg.productNotFound);
      else if (publishedOf.has(product.id)) add(invalid, c, msg.publishedTwice);
      else cells.push({ cell: c, variant: null, product: product.id });
      publishedOf.add(product?.id ?? c.row);
      continue;
    }
    if (!variant) add(invalid, c, msg.notFound);
    else if (c.field !== 'stock' && !variant.priced) add(invalid, c, msg.noPrice);
    else cells.push({ cell: c, variant, product: variant.product_id });
  }

  const describe = (c: Cell) =>
    c.cell.field === 'published'
      ? 'the published state of a product'
      : `the ${c.cell.field === 'compare_at' ? 'compare-at price' : c.cell.field} of ${c.variant?.sku || 'a variant'}`;
  const conflict = (c: Cell, now: unknown) => {
    if (mode === 'undo') throw new HttpError(409, msg.undoChanged(describe(c)));
    add(conflicts, c.cell, msg.changed(now === null ? 'empty' : String(now)));
  };

  // What each variant's price and compare-at become, and each stock change.
  const prices = new Map<string, { price: number; mrp: number | null; cell: Cell }>();
  const stock = new Map<string, { delta: number; to: number; from: number }>();
  const published = new Map<string, { from: boolean; to: boolean }>();
  for (const c of cells) {
    const { field, value, was } = c.cell;
    const v = c.variant;
    if (field === 'price' || field === 'compare_at') {
      const now = field === 'price' ? v!.price : v!.mrp;
      if (now !== was) conflict(c, now);
      const p = prices.get(v!.id) ?? { price: v!.price!, mrp: v!.mrp, cell: c };
      if (field === 'price') p.price = value as number;
      else p.mrp = value as number | null;
      if (field === 'compare_at' || !prices.has(v!.id)) p.cell = c;
      prices.set(v!.id, p);
    } else if (field === 'stock') {
      if (mode === 'undo' && v!.stock !== was) conflict(c, v!.stock);
      const delta = (value as number) - (was as number);
      const to = v!.stock + delta;
      if (to < 0) {
        if (mode === 'undo') conflict(c, v!.stock);
        else add(conflicts, c.cell, msg.stockBelowZero);
      } else if (to > BULK_STOCK_MAX) add(invalid, c.cell, msg.stock);
      stock.set(v!.id, { delta, to, from: v!.stock });
    } else {
      const p = productById.get(c.product)!;
      if (p.published !== was) conflict(c, p.published ? 'published' : 'not published');
      if (value === true && p.archived) add(invalid, c.cell, msg.archived);
      published.set(p.id, { from: p.published, to: value as boolean });
    }
  }
  for (const p of prices.values()) {
    if (p.mrp !== null && p.mrp <= p.price) add(invalid, p.cell.cell, msg.compareAt);
  }
  if (Object.keys(invalid).length) throw new HttpError(422, msg.invalid, invalid);
  if (Object.keys(conflicts).length) throw new HttpError(409, msg.conflict, conflicts);

  // Writes: a few set-based statements, each over a JSON list (one bound parameter).
  if (prices.size) {
    const list = [...prices].map(([id, p]) => ({ id, price: p.price, mrp: p.mrp }));
    await tx.execute(
      sql`update variant_channels vc set selling_price_minor = d.price, mrp_minor = d.mrp
            from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as d(id text, price int, mrp int)
           where vc.variant_id = d.id and vc.channel_id = ${channel.id}`,
    );
  }
  const moves = [...stock].filter(([, s]) => s.delta !== 0);
  for (const up of [true, false]) {
    const list = moves.filter(([, s]) => s.delta > 0 === up).map(([id, s]) => ({ id, delta: s.delta }));
    if (!list.length) continue;
    const reason = mode === 'undo' ? 'correction' : up ? 'restock' : 'manual';
    const note = mode === 'undo' ? 'Undo of a bulk edit' : 'Bulk edit';
    await noteStockChange(tx, { reason, actor: actor.email, note });
    // Added to the stock as it is (locked above), so a sale that came first still counts.
    await tx.execute(
      sql`update variants v set stock = v.stock + d.delta
            from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as d(id text, delta int)
           where v.id = d.id`,
    );
  }
  if (moves.length) await noteStockChange(tx, null);
  if (published.size) {
    const list = [...published].map(([id, p]) => ({ id, value: p.to }));
    await tx.execute(
      sql`update products p set is_published = d.value, publish_at = null
            from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as d(id text, value boolean)
           where p.id = d.id`,
    );
  }
  const touched = [...new Set(cells.map((c) => c.product))].sort();
  await tx.execute(
    sql`update products set version = version + 1, updated_at = now() where id = any(${textArray(touched)})`,
  );
  await refreshProductSummaries(tx, touched);

  // One entry for the batch: every cell's value before and after (a published cell by product id).
  const side = (c: Cell, which: 'before' | 'after') => {
    const { field, value } = c.cell;
    const v = c.variant;
    const row = field === 'published' ? c.product : v!.id;
    if (which === 'after') {
      return { row, field, value: field === 'stock' ? stock.get(v!.id)!.to : value };
    }
    const before =
      field === 'price'
        ? v!.price
        : field === 'compare_at'
          ? v!.mrp
          : field === 'stock'
            ? v!.stock
            : published.get(c.product)!.from;
    return { row, field, value: before };
  };
  await recordAudit(tx, {
    staff: actor,
    action: AUDIT_ACTION,
    target: targetOf(channel.id),
    before: { channel_id: channel.id, cells: cells.map((c) => side(c, 'before')) },
    after: { channel_id: channel.id, cells: cells.map((c) => side(c, 'after')) },
    ip,
  });
  return { productIds: touched, changed: cells.length };
}

/** The grid's rows of these products, priced in the channel. */
const bulkRowsOf = namedQuery<AdminBulkRow>()({
  name: 'admin.catalog.bulk.rows',
  columns: ROW_COLUMNS,
  example: { channelId: 'ch_example', productIds: ['prd_example'] },
  build: (params: { channelId: string; productIds: string[] }) =>
    sql`select ${rowSql(params.channelId)}
         where p.id = any(${textArray(params.productIds)})
         order by p.created_at desc, p.id desc, v.position, v.id`,
});

async function rowsOf(db: Db, channelId: string, productIds: string[]): Promise<AdminBulkRow[]> {
  return bulkRowsOf(db, { channelId, productIds });
}

/** POST /api/admin/catalog/bulk: the batch, all or nothing. */
export async function saveBulk(
  db: Db,
  actor: AuditActor,
  ip: string | null,
  body: AdminBulkSave,
): Promise<AdminBulkSaved> {
  const done = await db.transaction((tx) => applyBulk(tx, actor, ip, body, 'edit'));
  return { rows: await rowsOf(db, body.channel_id, done.productIds), changed: done.changed };
}

export type BulkCells = { channel_id: string; cells: { row: string; field: BulkField; value: unknown }[] };

/**
 * Undo of a `catalog.bulk` entry (inside the undo's transaction): every cell back to its "before"
 * value, only while each still holds its "after" value (a stock cell too: a sale since refuses the
 * undo, 409 naming the cell). Audited as a bulk edit of its own (so it can be undone in turn).
 */
export async function undoBulk(
  tx: Db,
  actor: AuditActor,
  before: BulkCells,
  after: BulkCells,
  ip: string | null,
): Promise<void> {
  const cells = after.cells.map((a, i) => ({
    row: a.row,
    field: a.field,
    was: a.value as AdminBulkCell['was'],
    value: before.cells[i]!.value as AdminBulkCell['value'],
  }));
  await applyBulk(tx, actor, ip, { channel_id: after.channel_id, cells }, 'undo');
}
