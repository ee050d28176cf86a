import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CUSTOMER_RECENT_ORDERS,
  adminCustomerMessages,
  money,
  type AdminCustomer,
  type AdminCustomerList,
  type AdminCustomerRow,
  type CustomerNote,
  type Money,
  type OrderStatus,
  type PaymentStatus,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { customerNotes, customers, sessions } from '../../../db/schema.ts';
import { HttpError, notFound } from '../../../lib/http.ts';
import { listAddresses } from '../../addresses/service.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import { isSaleSql, likeEscape } from '../sales.ts';

interface RowSql {
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  blocked_at: Date | string | null;
  created_at: Date | string;
  orders_count: number;
  spent: { currency: string; amount: number | string }[] | string;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const spentOf = (v: RowSql['spent']): Money[] =>
  (typeof v === 'string' ? (JSON.parse(v) as Exclude<RowSql['spent'], string>) : v).map((s) =>
    money(Number(s.amount), s.currency),
  );

/** The list's columns for customers `c`: the order count and spent come from the orders. */
const rowColumns = sql`c.id, c.first_name, c.last_name, c.email, c.phone, c.blocked_at, c.created_at,
  (select count(*)::int from orders o where o.customer_id = c.id) as orders_count,
  coalesce((select json_agg(json_build_object('currency', s.currency, 'amount', s.amount) order by s.currency)
            from (select o.currency, sum(o.grand_total_minor - o.refunded_minor) as amount
                  from orders o where o.customer_id = c.id and ${isSaleSql(sql`o.status`)}
                  group by o.currency) s), '[]'::json) as spent`;

const ROW_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'blocked_at',
  'created_at',
  'orders_count',
  'spent',
] as const;

/** A page of the list: `where` (customerFilters and the cursor), `limit` rows. */
const customerPage = namedQuery<RowSql>()({
  name: 'admin.customers.page',
  columns: ROW_COLUMNS,
  example: { where: [sql`c.blocked_at is null`, sql`c.id < ${10}`], limit: 51 },
  build: (p: { where: SQL[]; limit: number }) =>
    sql`select ${rowColumns} from customers c
        ${p.where.length ? sql`where ${sql.join(p.where, sql` and `)}` : sql``}
        order by c.id desc limit ${p.limit}`,
});

const customerRow = namedQuery<
  RowSql & {
    version: number;
    phone_verified_at: Date | string | null;
    email_verified_at: Date | string | null;
    has_password: boolean;
  }
>()({
  name: 'admin.customers.one',
  columns: [...ROW_COLUMNS, 'version', 'phone_verified_at', 'email_verified_at', 'has_password'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select ${rowColumns}, c.version, c.phone_verified_at, c.email_verified_at,
               c.password_hash is not null as has_password
        from customers c where c.id = ${p.id}`,
});

/** The customer's newest orders. */
const recentOrders = namedQuery<{
  id: string;
  order_no: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  grand_total_minor: number;
  currency: string;
  created_at: Date | string;
}>()({
  name: 'admin.customers.recent-orders',
  columns: ['id', 'order_no', 'status', 'payment_status', 'grand_total_minor', 'currency', 'created_at'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select id, order_no, status, payment_status, grand_total_minor, currency, created_at from orders
          where customer_id = ${p.id} order by created_at desc, id desc limit ${CUSTOMER_RECENT_ORDERS}`,
});

const toRow = (r: RowSql): AdminCustomerRow => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  phone: r.phone,
  orders_count: r.orders_count,
  total_spent: spentOf(r.spent),
  blocked_at: iso(r.blocked_at),
  created_at: iso(r.created_at)!,
});

/**
 * A page of customers, newest first, by keyset on the id (`cursor`: the last id of the previous
 * page). `q` matches part of the name, the e-mail, or the phone's digits.
 */
export async function listCustomers(
  db: Db,
  query: { q?: string | undefined; blocked?: 'true' | 'false' | undefined; cursor?: number | undefined; limit: number },
): Promise<AdminCustomerList> {
  const where = customerFilters(query);
  if (query.cursor !== undefined) where.push(sql`c.id < ${query.cursor}`);
  const rows = await customerPage(db, { where, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    customers: page.map(toRow),
    next_cursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}

/** The list's search and filter as conditions on customers `c` (the export takes them too). */
export function customerFilters(query: { q?: string | undefined; blocked?: 'true' | 'false' | undefined }): SQL[] {
  const where: SQL[] = [];
  if (query.blocked === 'true') where.push(sql`c.blocked_at is not null`);
  if (query.blocked === 'false') where.push(sql`c.blocked_at is null`);
  const q = query.q?.trim();
  if (q) {
    const text = `%${likeEscape(q.toLowerCase())}%`;
    const digits = q.replace(/[\s()+-]/g, '');
    const matches = [
      sql`lower(c.first_name || ' ' || c.last_name) like ${text}`,
      sql`c.email like ${text}`,
      ...(/^\d+$/.test(digits) ? [sql`c.phone like ${`%${digits}%`}`] : []),
    ];
    where.push(sql`(${sql.join(matches, sql` or `)})`);
  }
  return where;
}

const toNote = (n: typeof customerNotes.$inferSelect): CustomerNote => ({
  id: n.id,
  body: n.body,
  author: n.author,
  created_at: n.createdAt.toISOString(),
});

/** The customer page: profile, addresses, the newest orders and the notes. null when unknown. */
export async function getCustomer(db: Db, id: number): Promise<AdminCustomer | null> {
  const [row] = await customerRow(db, { id });
  if (!row) return null;
  const [addressList, orders, notes] = await Promise.all([
    listAddresses(db, id),
    recentOrders(db, { id }),
    db.select().from(customerNotes).where(eq(customerNotes.customerId, id)).orderBy(desc(customerNotes.id)),
  ]);
  return {
    ...toRow(row),
    version: row.version,
    phone_verified_at: iso(row.phone_verified_at),
    email_verified_at: iso(row.email_verified_at),
    has_password: row.has_password,
    addresses: addressList,
    recent_orders: orders.map((o) => ({
      id: o.id,
      order_no: o.order_no,
      status: o.status,
      payment_status: o.payment_status,
      grand_total: money(o.grand_total_minor, o.currency),
      created_at: iso(o.created_at)!,
    })),
    notes: notes.map(toNote),
  };
}

/**
 * Locks the customer for a write and moves its version on: 404 when unknown, 409 when `ifMatch`
 * (the version the writer last saw) is not the current one. Call inside the write's transaction.
 */
async function claimCustomer(tx: Db, id: number, ifMatch: number | null) {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update');
  if (!row) throw notFound(adminCustomerMessages.customerNotFound);
  if (ifMatch !== null && row.version !== ifMatch) throw new HttpError(409, adminCustomerMessages.stale);
  await tx
    .update(customers)
    .set({ version: sql`${customers.version} + 1` })
    .where(eq(customers.id, id));
  return row;
}

/** Adds an internal note (audited as `customer.note.add`), bumping the customer's version. */
export async function addCustomerNote(
  db: Db,
  actor: AuditActor,
  id: number,
  body: string,
  ifMatch: number | null,
  ip: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await claimCustomer(tx, id, ifMatch);
    const [note] = await tx
      .insert(customerNotes)
      .values({ customerId: id, staffId: actor.id, author: actor.email, body })
      .returning();
    await recordAudit(tx, {
      staff: actor,
      action: 'customer.note.add',
      target: `customer:${id}`,
      before: null,
      after: { note_id: note!.id, body },
      ip,
    });
  });
}

/** Undo of a note: deletes it (audited as `customer.note.delete`); false when it is gone or was changed. */
export async function deleteCustomerNote(
  db: Db,
  actor: AuditActor,
  id: number,
  note: { note_id: number; body: string },
  ip: string | null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await claimCustomer(tx, id, null);
    const [gone] = await tx
      .delete(customerNotes)
      .where(
        and(eq(customerNotes.id, note.note_id), eq(customerNotes.customerId, id), eq(customerNotes.body, note.body)),
      )
      .returning();
    if (!gone) return false;
    await recordAudit(tx, {
      staff: actor,
      action: 'customer.note.delete',
      target: `customer:${id}`,
      before: { note_id: gone.id, body: gone.body },
      after: null,
      ip,
    });
    return true;
  });
}

/**
 * Blocks or unblocks sign-in. Blocking ends every session of the customer in the same
 * transaction, and sign-in refuses a blocked customer (lib/session.ts startSession). Audited as
 * `customer.block` / `customer.unblock` with `blocked_at` before and after; a block of a blocked
 * customer changes nothing and writes no entry.
 */
export async function setCustomerBlocked(
  db: Db,
  actor: AuditActor,
  id: number,
  blocked: boolean,
  ifMatch: number | null,
  ip: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await claimCustomer(tx, id, ifMatch);
    if (Boolean(current.blockedAt) === blocked) return;
    const [row] = await tx
      .update(customers)
      .set({ blockedAt: blocked ? sql`now()` : null })
      .where(eq(customers.id, id))
      .returning({ blockedAt: customers.blockedAt });
    if (blocked) await tx.delete(sessions).where(eq(sessions.customerId, id));
    await recordAudit(tx, {
      staff: actor,
      action: blocked ? 'customer.block' : 'customer.unblock',
      target: `customer:${id}`,
      before: { blocked_at: current.blockedAt?.toISOString() ?? null },
      after: { blocked_at: row!.blockedAt?.toISOString() ?? null },
      ip,
    });
  });
}
