import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_AREAS,
  AUDIT_LOG_PAGE_SIZE,
  contentPagination,
  money,
  type AuditArea,
  type AuditEntry,
  type AuditListEntry,
  type AuditStaff,
  type ContentPagination,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { auditLog, customers, orders, staff } from '../../db/schema.ts';
import { shopTimeZone } from '../../lib/time-zone.ts';

/** What an audit entry shows instead of a secret. */
export const MASK = '••••';

const SECRET_KEY = /^(password|password_hash|secret|token)$|_(secret|token)$/i;

/**
 * A copy of `value` in which the value of every key named password, password_hash, secret,
 * token, *_secret or *_token (at any depth) is replaced by the mask, so no secret reaches the log.
 * A null stays null: "there was no password" is not a secret.
 */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && v !== undefined && v !== null ? MASK : maskSecrets(v),
      ]),
    );
  }
  return value;
}

/** Who made a change: the signed-in staff member (as `req.getStaff()` answers). */
export interface AuditActor {
  /** null for a change made outside the API (`npm run db:create-owner`). */
  id: string | null;
  email: string;
  /**
   * When given, every entry written for this actor is appended here (id and action): a save's
   * answer offers Undo of the entries it wrote (issue 25). A rolled-back write leaves its id here,
   * but then the save fails and answers no offer.
   */
  written?: { id: number; action: string }[];
}

export interface AuditRecord {
  staff: AuditActor;
  /** `store-settings.update`, `plugin.install`, `staff.create`, … */
  action: string;
  /** `store-settings`, `storefront:sf_main`, `plugin:GoogleGtag`, `staff:stf_…`. */
  target: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

const auditRow = (entry: AuditRecord) => ({
  staffId: entry.staff.id,
  actor: entry.staff.email,
  action: entry.action,
  target: entry.target,
  before: entry.before === undefined ? null : maskSecrets(entry.before),
  after: entry.after === undefined ? null : maskSecrets(entry.after),
  ip: entry.ip ?? null,
});

/**
 * Writes one audit entry. Pass the transaction of the change itself, so the entry and the change
 * are committed (or rolled back) together.
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<number> {
  const [row] = await db.insert(auditLog).values(auditRow(entry)).returning({ id: auditLog.id });
  entry.staff.written?.push({ id: row!.id, action: entry.action });
  return row!.id;
}

/** Writes several audit entries in one statement (a batch of one kind of change, as the product import's). */
export async function recordAudits(db: Db, entries: readonly AuditRecord[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = await db.insert(auditLog).values(entries.map(auditRow)).returning({ id: auditLog.id });
  entries.forEach((entry, i) => entry.staff.written?.push({ id: rows[i]!.id, action: entry.action }));
}

/** An audit row as the API answers it. */
export const toAuditEntry = (r: typeof auditLog.$inferSelect): AuditEntry => ({
  id: r.id,
  actor: r.actor,
  staff_id: r.staffId,
  action: r.action,
  target: r.target,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  created_at: r.createdAt.toISOString(),
});

/** What an order entry's `refunded_minor` rose by (a refund's amount), else null. */
function refundedBy(before: unknown, after: unknown): number | null {
  const of = (v: unknown) =>
    v && typeof v === 'object' && typeof (v as { refunded_minor?: unknown }).refunded_minor === 'number'
      ? (v as { refunded_minor: number }).refunded_minor
      : null;
  const [b, a] = [of(before), of(after)];
  return a !== null && b !== null && a > b ? a - b : null;
}

/** The record an entry is about: its target, or for an undo the undone entry's target. */
const subjectTarget = sql`coalesce(case when ${auditLog.action} = 'audit.undo' then ${auditLog.before} ->> 'target' end, ${auditLog.target})`;
const idAfter = (prefix: string) => sql.raw(`substr(t.target, ${prefix.length + 1})`);

/**
 * A catalogue entry's record by name (AuditListEntry.subject), looked up per row of the page: a
 * product, a variant (its product's title and its own), a review (its product's title), a
 * category, super category or collection (its name), a coupon (its code), a shipping zone or
 * method (its name).
 */
const subjectSql = sql<AuditListEntry['subject']>`(select case
  when t.target like 'product:%' then
    (select json_build_object('kind', 'product', 'label', p.name, 'id', p.id) from products p where p.id = ${idAfter('product:')})
  when t.target like 'variant:%' then
    (select json_build_object('kind', 'variant', 'label', p.name || coalesce(nullif(' · ' || v.title, ' · '), ''), 'id', p.id)
       from variants v join products p on p.id = v.product_id where v.id = ${idAfter('variant:')})
  when t.target like 'review:%' then
    (select json_build_object('kind', 'review', 'label', p.name, 'id', p.id)
       from reviews r join products p on p.id = r.product_id where r.id::text = ${idAfter('review:')})
  when t.target like 'category:%' then
    (select json_build_object('kind', 'category', 'label', c.name, 'id', c.id::text) from categories c where c.id::text = ${idAfter('category:')})
  when t.target like 'super-category:%' then
    (select json_build_object('kind', 'super-category', 'label', c.name, 'id', c.id::text) from super_categories c where c.id::text = ${idAfter('super-category:')})
  when t.target like 'collection:%' then
    (select json_build_object('kind', 'collection', 'label', c.name, 'id', c.id::text) from collections c where c.id::text = ${idAfter('collection:')})
  when t.target like 'coupon:%' then
    (select json_build_object('kind', 'coupon', 'label', c.code, 'id', c.id::text) from coupons c where c.id::text = ${idAfter('coupon:')})
  when t.target like 'shipping-zone:%' then
    (select json_build_object('kind', 'shipping-zone', 'label', z.name, 'id', z.id::text) from shipping_zones z where z.id::text = ${idAfter('shipping-zone:')})
  when t.target like 'shipping-method:%' then
    (select json_build_object('kind', 'shipping-method', 'label', m.name, 'id', m.code) from shipping_methods m where m.code = ${idAfter('shipping-method:')})
end from (select ${subjectTarget} as target) t)`;

/** The entry re-applied an undone change: an `audit.undo` entry names it as its entry_id. */
const undoApplySql = sql<boolean>`exists (select 1 from audit_log u where u.action = 'audit.undo'
  and u.after ->> 'entry_id' = ${auditLog.id}::text)`;

/** The audit list's filters (AuditLogQuerySchema): all optional, each narrowing the list. */
export interface AuditFilter {
  area?: AuditArea;
  staff?: string;
  /** YYYY-MM-DD, days in the shop's time zone, both inclusive. */
  from?: string;
  to?: string;
}

async function auditWhere(db: Db, filter: AuditFilter): Promise<SQL | undefined> {
  const where: SQL[] = [];
  if (filter.area) where.push(inArray(sql`split_part(${auditLog.action}, '.', 1)`, [...AUDIT_AREAS[filter.area]]));
  if (filter.staff) where.push(eq(auditLog.staffId, filter.staff));
  if (filter.from || filter.to) {
    const timeZone = await shopTimeZone(db);
    if (filter.from)
      where.push(sql`${auditLog.createdAt} >= (${filter.from}::date)::timestamp at time zone ${timeZone}`);
    if (filter.to)
      where.push(sql`${auditLog.createdAt} < (${filter.to}::date + 1)::timestamp at time zone ${timeZone}`);
  }
  return where.length > 0 ? and(...where) : undefined;
}

/**
 * One page of the audit log, newest first, narrowed by `filter`. Each entry also names what a
 * person reads: the staff member's name (as it is now), for an order its order number and the
 * amount a refund gave back, for a customer their name, so the panel never shows an internal id.
 * `staff` lists every staff account for the filter by who made a change.
 */
export async function listAuditLog(
  db: Db,
  page: number,
  filter: AuditFilter = {},
): Promise<{ entries: AuditListEntry[]; pagination: ContentPagination; staff: AuditStaff[] }> {
  const where = await auditWhere(db, filter);
  const [rows, [total], members] = await Promise.all([
    db
      .select({
        entry: auditLog,
        staffName: staff.name,
        orderNo: orders.orderNo,
        currency: orders.currency,
        customerId: customers.id,
        customerName: sql<string>`trim(${customers.firstName} || ' ' || ${customers.lastName})`,
        subject: subjectSql,
        undoApply: undoApplySql,
      })
      .from(auditLog)
      .leftJoin(staff, eq(staff.id, auditLog.staffId))
      .leftJoin(orders, sql`${auditLog.target} like 'order:%' and ${orders.id} = substr(${auditLog.target}, 7)`)
      .leftJoin(
        customers,
        sql`${auditLog.target} like 'customer:%' and ${customers.id}::text = substr(${auditLog.target}, 10)`,
      )
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_LOG_PAGE_SIZE)
      .offset((page - 1) * AUDIT_LOG_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
    db
      .select({ id: staff.id, name: staff.name, email: staff.email })
      .from(staff)
      .orderBy(asc(staff.name), asc(staff.id)),
  ]);
  return {
    entries: rows.map(({ entry, staffName, orderNo, currency, customerId, customerName, subject, undoApply }) => {
      const refunded = currency ? refundedBy(entry.before, entry.after) : null;
      return {
        ...toAuditEntry(entry),
        actor_name: staffName ?? null,
        order: orderNo ? { id: entry.target.slice('order:'.length), order_no: orderNo } : null,
        customer: customerId === null ? null : { id: customerId, name: customerName },
        amount: refunded !== null && currency ? money(refunded, currency) : null,
        subject: subject ?? null,
        undo_apply: undoApply,
      };
    }),
    pagination: contentPagination(page, AUDIT_LOG_PAGE_SIZE, total?.n ?? 0),
    staff: members,
  };
}
