import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError } from '../../../lib/http.ts';
import { noteStockChange } from '../../catalog/stock-note.ts';
import { refreshProductSummaries } from '../../catalog/summary.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import { loadAdminProduct } from '../catalog/product-view.ts';
import { createProduct, updateProduct } from '../catalog/products.ts';
import { createProducts } from './create-batch.ts';
import { updateProducts } from './update-batch.ts';
import { decide, matchExisting, skuConflicts, type PlannedProduct, type StockChange } from './plan.ts';
import { adminImportMessages as msg, type AdminImportIssue } from '@shopfront/shared';

/**
 * Products written per transaction: short enough to hold few locks (a batch of new products is a
 * dozen statements), few enough commits that the listing and search read models, rebuilt at each
 * one, are not the import's cost.
 */
export const IMPORT_BATCH = 200;

interface ImportRow {
  id: number;
  status: string;
  plan: PlannedProduct[];
  products_done: number;
  staff_id: string | null;
  staff_email: string;
}

/**
 * Writes one planned product in `tx`, as it stands now (decided again, so a second run of the same
 * file changes nothing): created, updated (fields and variants that differ; a different stock
 * count as a `correction` movement), or left alone. Answers whether it changed anything.
 * A stock is set only while it still is the count the dry run saw (one conditional update): when
 * a sale or another change moved it since, the product is not written (ImportRowError) and the
 * sale stands.
 */
async function applyOne(tx: Db, actor: AuditActor, p: PlannedProduct): Promise<boolean> {
  const { ids, skuOwner } = await matchExisting(tx, [p]);
  const id = ids[0]!;
  const conflict = skuConflicts(p, id, skuOwner)[0];
  if (conflict) throw new ImportRowError(conflict);
  const existing = id ? await loadAdminProduct(tx, id) : null;
  const d = decide(existing, p);
  const act = { staff: actor, ip: null, ifMatch: null };
  if (d.action === 'unchanged') return false;
  if (d.action === 'create') {
    await createProduct(tx, act, p.body);
    return true;
  }
  if (d.patch && Object.keys(d.patch).length) await updateProduct(tx, act, id!, d.patch);
  if (d.stock.length) {
    await noteStockChange(tx, { reason: 'correction', actor: actor.email, note: 'CSV import' });
    for (const s of d.stock) {
      const [set] = await queryRows(
        tx,
        sql`update variants set stock = ${s.to} where id = ${s.id} and stock = ${s.from} returning id`,
      );
      if (!set) throw await stockConflict(tx, p, s);
    }
    await noteStockChange(tx, null);
    await refreshProductSummaries(tx, [id!]);
  }
  return true;
}

const variantStock = namedQuery<{ stock: number }>()({
  name: 'admin.import.variant-stock',
  columns: ['stock'],
  example: { id: 'var_example' },
  build: (params: { id: string }) => sql`select stock from variants where id = ${params.id}`,
});

/** The row error of a stock that is no longer what the dry run saw. */
async function stockConflict(tx: Db, p: PlannedProduct, s: StockChange): Promise<ImportRowError> {
  const [now] = await variantStock(tx, { id: s.id });
  return new ImportRowError({
    row: p.variantRows[s.index] ?? p.row,
    column: p.columns.variant.stock ?? null,
    message: msg.stockChangedSinceCheck(now?.stock ?? 0),
  });
}

/** A product the import could not write, with the row and column to show. */
class ImportRowError extends Error {
  constructor(readonly issue: AdminImportIssue) {
    super(issue.message);
  }
}

/** An error from writing `p` as the row and column to show the owner. */
function issueOf(p: PlannedProduct, err: unknown): AdminImportIssue {
  if (err instanceof ImportRowError) return err.issue;
  if (err instanceof HttpError) {
    const [field] = Object.keys(err.errors ?? {});
    const m = field ? /^variants\.(\d+)\.(\w+)/.exec(field) : null;
    if (m)
      return { row: p.variantRows[Number(m[1])] ?? p.row, column: p.columns.variant.sku ?? null, message: err.message };
    return { row: p.row, column: field ? (p.columns.product[field] ?? field) : null, message: err.message };
  }
  return { row: p.row, column: null, message: 'This product could not be saved' };
}

/**
 * One batch in `tx`: its new products written together (createProducts, in a savepoint), its
 * changes to existing products too (updateProducts: locked, read and decided again in one go,
 * written in a savepoint), the others (a structural change, a new product or change the batch
 * could not write) one by one, each in a savepoint of its own, so a product that fails is a row
 * error and leaves nothing half written. An error that is not a product's (the database's) is
 * thrown: the caller then tries the batch again one product per transaction.
 */
async function applyBatch(
  tx: Db,
  actor: AuditActor,
  batch: readonly PlannedProduct[],
): Promise<{ changed: number; errors: AdminImportIssue[] }> {
  const { ids, skuOwner } = await matchExisting(tx, batch);
  const clear = batch.map((p, i) => !skuConflicts(p, ids[i] ?? null, skuOwner).length);
  const fresh = batch.flatMap((_, i) => (ids[i] === null && clear[i] ? [i] : []));
  const known = batch.flatMap((_, i) => (ids[i] !== null && clear[i] ? [i] : []));
  const oneByOne = batch.flatMap((_, i) => (clear[i] ? [] : [i]));
  let changed = 0;
  const errors: { i: number; issue: AdminImportIssue }[] = [];
  if (fresh.length) {
    try {
      const r = await tx.transaction((sp) =>
        createProducts(
          sp,
          actor,
          fresh.map((i) => batch[i]!.body),
        ),
      );
      changed += r.written.length;
      oneByOne.push(...r.refused.map((k) => fresh[k]!));
    } catch {
      oneByOne.push(...fresh);
    }
  }
  if (known.length) {
    const r = await updateProducts(
      tx,
      actor,
      known.map((i) => ({ p: batch[i]!, id: ids[i]! })),
    );
    changed += r.written.length;
    errors.push(...r.errors.map(({ k, issue }) => ({ i: known[k]!, issue })));
    oneByOne.push(...r.oneByOne.map((k) => known[k]!));
  }
  for (const i of oneByOne.sort((a, b) => a - b)) {
    const p = batch[i]!;
    try {
      if (await tx.transaction((sp) => applyOne(sp, actor, p))) changed++;
    } catch (err) {
      if (!(err instanceof ImportRowError || err instanceof HttpError)) throw err;
      errors.push({ i, issue: issueOf(p, err) });
    }
  }
  return { changed, errors: errors.sort((a, b) => a.i - b.i).map((e) => e.issue) };
}

/** The import, marked running (a queued one, or one whose last run was cut short). */
const markImportRunning = namedQuery<ImportRow>()({
  name: 'admin.import.run.start',
  columns: ['id', 'status', 'plan', 'products_done', 'staff_id', 'staff_email'],
  example: { importId: 1 },
  build: (params: { importId: number }) =>
    sql`update catalog_imports set status = 'running' where id = ${params.importId} and status in ('queued', 'running')
        returning id, status, plan, products_done, coalesce(started_by_id, staff_id) as staff_id,
          coalesce(started_by_email, staff_email) as staff_email`,
});

/** The import, marked done: its counts and file for the audit entry. */
const markImportDone = namedQuery<{ changed: number; failed: number; file_name: string }>()({
  name: 'admin.import.run.done',
  columns: ['changed', 'failed', 'file_name'],
  example: { importId: 1 },
  build: (params: { importId: number }) =>
    sql`update catalog_imports set status = 'done', finished_at = now() where id = ${params.importId}
          returning changed, failed, file_name`,
});

/**
 * The import job: the plan's products in batches of IMPORT_BATCH, each batch one transaction
 * (applyBatch). A batch whose transaction fails all the same is rolled back whole and its products
 * tried one by one, each in a transaction of its own, so nothing is half written and one product
 * does not hold back the others. Progress is saved after each batch; a run cut short (its lease ran
 * out) goes on from the last saved batch.
 */
export async function runImport(db: Db, importId: number): Promise<void> {
  const [imp] = await markImportRunning(db, { importId });
  if (!imp) return;
  // The member who started the import writes it (and is audited), not the one who uploaded it.
  const actor: AuditActor = { id: imp.staff_id, email: imp.staff_email };
  for (let start = imp.products_done; start < imp.plan.length; start += IMPORT_BATCH) {
    const batch = imp.plan.slice(start, start + IMPORT_BATCH);
    let changed = 0;
    let errors: AdminImportIssue[] = [];
    try {
      ({ changed, errors } = await db.transaction((tx) => applyBatch(tx, actor, batch)));
    } catch {
      changed = 0;
      errors = [];
      for (const p of batch) {
        try {
          if (await db.transaction((tx) => applyOne(tx, actor, p))) changed++;
        } catch (err) {
          errors.push(issueOf(p, err));
        }
      }
    }
    await db.execute(
      sql`update catalog_imports set products_done = ${start + batch.length}, changed = changed + ${changed},
            failed = failed + ${errors.length}, errors = errors || ${JSON.stringify(errors)}::jsonb
          where id = ${importId}`,
    );
  }
  await db.transaction(async (tx) => {
    const [done] = await markImportDone(tx, { importId });
    await recordAudit(tx, {
      staff: actor,
      action: 'catalog.import',
      target: `import:${importId}`,
      after: { file: done!.file_name, changed: done!.changed, failed: done!.failed },
    });
  });
}

/** Marks an import failed (the job gave up on it). */
export async function failImport(db: Db, importId: number, message: string): Promise<void> {
  await db.execute(
    sql`update catalog_imports set status = 'failed', finished_at = now(),
          errors = errors || ${JSON.stringify([{ row: 1, column: null, message }])}::jsonb
        where id = ${importId} and status <> 'done'`,
  );
}
