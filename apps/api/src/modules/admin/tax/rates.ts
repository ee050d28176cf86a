import { sql } from 'drizzle-orm';
import { taxMessages, type TaxRate, type TaxRateBodySchema, type TaxRates } from '@shopfront/shared';
import type { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';
import { updatePrivateSetting } from '../settings.ts';

/** The class shipping and the COD fee are taxed at (and the first-run tax step sets). */
export const STANDARD_CLASS = 'standard';
/** The private setting the first-run tax step wrote before classes existed; kept equal to the standard rate (setup undo reads it). */
const LEGACY_RATE_SETTING = 'tax_rate_percent';

type Body = z.output<typeof TaxRateBodySchema>;

const rateRowsSql = (where = sql`true`) =>
  sql`select r.key, r.label, r.rate_percent, r.version,
        (select count(*)::int from products p where p.tax_class = r.key) as products
      from tax_rates r where ${where}
      order by r.key = ${STANDARD_CLASS} desc, r.position, r.key`;

/** The columns rateRowsSql answers: a TaxRate. */
const RATE_COLUMNS = ['key', 'label', 'rate_percent', 'version', 'products'] as const;

const allRates = namedQuery<TaxRate>()({
  name: 'admin.tax.rates',
  columns: RATE_COLUMNS,
  example: {},
  build: () => rateRowsSql(),
});

/** Every tax class with its rate and how many products use it, standard first. */
export async function listTaxRates(db: Db): Promise<TaxRates> {
  return { rates: await allRates(db, {}) };
}

/** The standard class's rate (place-order locks the row with its cart: checkout/place-order.ts). */
const standardRate = namedQuery<{ rate: number }>()({
  name: 'admin.tax.standard-rate',
  columns: ['rate'],
  example: {},
  build: () => sql`select rate_percent as rate from tax_rates where key = ${STANDARD_CLASS}`,
});

/** The standard class's rate (0 when the shop has none): what orders record as their rate. */
export async function standardTaxRate(db: Db): Promise<number> {
  const [row] = await standardRate(db, {});
  return row?.rate ?? 0;
}

/**
 * Whether `key` names a tax class (what a product may be given), locking the row against a delete
 * until the caller's transaction ends (the delete then meets the product: 409 in use).
 */
export async function taxClassExists(db: Db, key: string): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from tax_rates where key = ${key} for key share`);
  return rows.length > 0;
}

/**
 * Sets the standard rate (the first-run tax step and its undo): the class row and the legacy
 * setting, audited, in the caller's transaction.
 */
export async function setStandardRate(tx: Db, actor: AuditActor, rate: number, ip: string | null): Promise<void> {
  await updatePrivateSetting(tx, actor, LEGACY_RATE_SETTING, rate, ip);
  await queryRows(
    tx,
    sql`update tax_rates set rate_percent = ${rate}, version = version + 1, updated_at = now()
         where key = ${STANDARD_CLASS} and rate_percent <> ${rate}`,
  );
}

/** A class key from its label: 'GST 28% (luxury)' → 'gst_28_luxury'. */
function keyOf(label: string): string {
  const key = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
  return key || 'class';
}

const rateRow = namedQuery<TaxRate>()({
  name: 'admin.tax.rate',
  columns: RATE_COLUMNS,
  example: { key: STANDARD_CLASS },
  build: (params: { key: string }) => rateRowsSql(sql`r.key = ${params.key}`),
});

async function rateOf(db: Db, key: string): Promise<TaxRate> {
  const [row] = await rateRow(db, { key });
  if (!row) throw notFound(taxMessages.rateNotFound);
  return row;
}

/** Adds a class (its key made from the label); 422 on the label when that key is taken. */
export async function addTaxRate(db: Db, act: OwnerAct, body: Body): Promise<TaxRate> {
  const key = keyOf(body.label);
  return db.transaction(async (tx) => {
    const inserted = await queryRows(
      tx,
      sql`insert into tax_rates (key, label, rate_percent, position)
          values (${key}, ${body.label}, ${body.rate_percent}, (select coalesce(max(position), 0) + 1 from tax_rates))
          on conflict (key) do nothing returning key`,
    );
    if (!inserted.length) throw fieldError('label', taxMessages.rateExists);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'tax-rate.create',
      target: `tax-rate:${key}`,
      after: { label: body.label, rate_percent: body.rate_percent },
      ip: act.ip,
    });
    return rateOf(tx, key);
  });
}

const lockRate = namedQuery<{ label: string; rate_percent: number; version: number }>()({
  name: 'admin.tax.rate-lock',
  columns: ['label', 'rate_percent', 'version'],
  example: { key: STANDARD_CLASS },
  build: (params: { key: string }) =>
    sql`select label, rate_percent, version from tax_rates where key = ${params.key} for update`,
});

/** Edits a class's label and rate against the version read (409 when it changed since). */
export async function saveTaxRate(db: Db, act: OwnerAct, key: string, body: Body): Promise<TaxRate> {
  return db.transaction(async (tx) => {
    const [before] = await lockRate(tx, { key });
    if (!before) throw notFound(taxMessages.rateNotFound);
    if (act.ifMatch !== null && act.ifMatch !== before.version) throw new HttpError(409, taxMessages.rateChanged);
    if (key === STANDARD_CLASS)
      await updatePrivateSetting(tx, act.staff, LEGACY_RATE_SETTING, body.rate_percent, act.ip);
    await queryRows(
      tx,
      sql`update tax_rates set label = ${body.label}, rate_percent = ${body.rate_percent}, version = version + 1,
            updated_at = now() where key = ${key}`,
    );
    await recordAudit(tx, {
      staff: act.staff,
      action: 'tax-rate.update',
      target: `tax-rate:${key}`,
      before: { label: before.label, rate_percent: before.rate_percent },
      after: { label: body.label, rate_percent: body.rate_percent },
      ip: act.ip,
    });
    return rateOf(tx, key);
  });
}

/** How many products have the class (no row: no such class). */
const rateProducts = namedQuery<{ products: number }>()({
  name: 'admin.tax.rate-products',
  columns: ['products'],
  example: { key: STANDARD_CLASS },
  build: (params: { key: string }) =>
    sql`select (select count(*)::int from products p where p.tax_class = r.key) as products
            from tax_rates r where r.key = ${params.key}`,
});

/** The class deleted when no product has it, answering what it was. */
const deleteUnusedRate = namedQuery<{ label: string; rate_percent: number; version: number }>()({
  name: 'admin.tax.rate-delete',
  columns: ['label', 'rate_percent', 'version'],
  example: { key: STANDARD_CLASS },
  build: (params: { key: string }) =>
    sql`delete from tax_rates r where r.key = ${params.key}
            and not exists (select 1 from products p where p.tax_class = r.key)
          returning r.label, r.rate_percent, r.version`,
});

/**
 * Deletes a class no product uses, in one conditional statement; the foreign key keeps a class a
 * product was given at the same moment from going. 409 naming how many products use it; the standard class stays.
 */
export async function deleteTaxRate(db: Db, act: OwnerAct, key: string): Promise<TaxRates> {
  if (key === STANDARD_CLASS) throw new HttpError(409, taxMessages.standardKept);
  const inUse = async (tx: Db) => {
    const [row] = await rateProducts(tx, { key });
    if (!row) return notFound(taxMessages.rateNotFound);
    return new HttpError(409, taxMessages.rateInUse(row.products));
  };
  await db
    .transaction(async (tx) => {
      const [gone] = await deleteUnusedRate(tx, { key });
      if (!gone) throw await inUse(tx);
      if (act.ifMatch !== null && act.ifMatch !== gone.version) throw new HttpError(409, taxMessages.rateChanged);
      await recordAudit(tx, {
        staff: act.staff,
        action: 'tax-rate.delete',
        target: `tax-rate:${key}`,
        before: { label: gone.label, rate_percent: gone.rate_percent },
        ip: act.ip,
      });
    })
    .catch(async (err: unknown) => {
      // A product given the class while it went (the foreign key products.tax_class): in use after all.
      throw isForeignKeyViolation(err) ? await inUse(db) : err;
    });
  return listTaxRates(db);
}

const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23503') return true;
  return false;
};
