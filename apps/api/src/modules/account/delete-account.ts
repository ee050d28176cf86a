import { randomBytes } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { AccountDeletionList } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { accountDeletions } from '../../db/schema.ts';
import { HttpError } from '../../lib/http.ts';
import type { Customer } from '../../lib/session.ts';
import { checkAccountDataCode } from './data-code.ts';
import { contactsOf } from './my-data.ts';

/** Orders the shop still has to deliver, refund or be paid for: the account cannot go before they end. */
const OPEN_STATUSES = ['awaiting_payment', 'confirmed', 'packed', 'shipped', 'out_for_delivery', 'refund_requested'];

/** The marker that replaces a deleted customer's name on the orders kept. */
export const FORMER_CUSTOMER = { first_name: 'Former', last_name: 'customer' } as const;

export const deletionMessages = {
  ordersInProgress: (orderNos: string[]) =>
    `You have orders in progress (${orderNos.join(', ')}). You can delete your account once they are delivered or cancelled`,
  applicationsInProgress: (numbers: string[]) =>
    `You have applications in progress (${numbers.join(', ')}). You can delete your account once they are completed, rejected or cancelled`,
} as const;

/** An application that has not ended: not rejected or cancelled, and not at its service's last stage (completed). */
const APPLICATION_OPEN = sql`a.stage not in ('rejected', 'cancelled') and a.stage is distinct from (a.stages -> -1 ->> 'key')`;

/**
 * The owner's record's reference: tells two deletions apart and names no one. Random, so it cannot
 * be worked back to the customer's id (a hash of a sequential id could be).
 */
export const deletionRef = () => randomBytes(8).toString('hex');

const list = (values: string[]) =>
  values.length
    ? sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`null`;

/** The customer's orders in progress, locked. */
const openOrders = namedQuery<{ order_no: string }>()({
  name: 'account.delete.open-orders',
  columns: ['order_no'],
  example: { customerId: 1 },
  build: (params: { customerId: number }) =>
    sql`select order_no from orders where customer_id = ${params.customerId} and status in (${list(OPEN_STATUSES)})
        order by created_at for update`,
});

/** The customer's applications that have not ended, locked. */
const openApplications = namedQuery<{ application_no: string }>()({
  name: 'account.delete.open-applications',
  columns: ['application_no'],
  example: { customerId: 1 },
  build: (params: { customerId: number }) =>
    sql`select a.application_no from applications a where a.customer_id = ${params.customerId} and ${APPLICATION_OPEN}
        order by a.created_at for update`,
});

/** 409 while the customer has orders in progress (their address and contact are still needed). */
export async function assertNoOrdersInProgress(db: Db, customerId: number): Promise<void> {
  const open = await openOrders(db, { customerId });
  if (open.length) throw new HttpError(409, deletionMessages.ordersInProgress(open.map((o) => o.order_no)));
  const applying = await openApplications(db, { customerId });
  if (applying.length)
    throw new HttpError(409, deletionMessages.applicationsInProgress(applying.map((a) => a.application_no)));
}

const placedOrders = namedQuery<{ id: string; order_no: string }>()({
  name: 'account.delete.orders',
  columns: ['id', 'order_no'],
  example: { customerId: 1 },
  build: (params: { customerId: number }) =>
    sql`select id, order_no from orders where customer_id = ${params.customerId}`,
});

/** The customisation photos of the customer's carts (by id, e-mail or phone) and of their orders. */
const uploadedImages = namedQuery<{ image_path: string }>()({
  name: 'account.delete.uploads',
  columns: ['image_path'],
  example: { customerId: 1, contacts: ['someone@example.com'], orderIds: ['ord_example'] },
  build: (params: { customerId: number; contacts: string[]; orderIds: string[] }) =>
    sql`select distinct i.image_path from cart_items i join carts c on c.id = i.cart_id
          where i.image_path is not null and (c.customer_id = ${params.customerId} or lower(c.email) in (${list(params.contacts)}) or c.phone in (${list(params.contacts)}))
          union
          select distinct image_path from order_items where image_path is not null and order_id in (${list(params.orderIds)})`,
});

/** The files of the customer's applications' documents. */
const applicationDocuments = namedQuery<{ path: string }>()({
  name: 'account.delete.documents',
  columns: ['path'],
  example: { customerId: 1 },
  build: (params: { customerId: number }) =>
    sql`select d.path from application_documents d join applications a on a.id = d.application_id
          where a.customer_id = ${params.customerId}`,
});

/**
 * Deletes the account after checking the code, in one transaction: the customer row goes, and with
 * it (foreign keys) sessions, known devices, addresses, wishlist, carts, notes, codes and reset
 * links; reviews, sign-in log, messages, throttle counters, newsletter rows, idempotency answers and
 * contact-form submissions that name them are deleted; orders are kept for the shop's accounts
 * with the person removed (name → "Former customer", e-mail, phone, address lines, note, rating
 * comment, customisations), keeping amounts, tax, status, the place of supply (state and country)
 * and a business buyer's GSTIN and business name (required on a B2B tax invoice). A wrong code
 * commits its counted try and deletes nothing. Answers the customisation pictures to prune.
 */
/** What an order's staff note reads once its customer deleted their account. */
export const ERASED_NOTE = 'Note removed: the customer deleted their account';

export async function deleteAccount(
  db: Db,
  customer: Customer,
  otp: string,
): Promise<{ uploads: string[]; documents: string[] }> {
  const outcome = await db.transaction(async (tx) => {
    const failed = await checkAccountDataCode(tx, customer, 'delete', otp);
    if (failed) return failed;
    await assertNoOrdersInProgress(tx, customer.id);
    const id = customer.id;
    const contacts = list(contactsOf(customer));
    const run = (q: ReturnType<typeof sql>) => queryRows(tx, q);
    const placed = await placedOrders(tx, { customerId: id });
    const orderIds = placed.map((o) => o.id);
    const orders = list(orderIds);
    // Messages about them: to them, about their orders, or naming them or an order of theirs (staff alerts).
    const needles = [...contactsOf(customer), ...placed.map((o) => o.order_no)];
    const mentions = needles.length
      ? sql.join(
          needles.map((n) => sql`strpos(lower(subject || ' ' || body), lower(${n})) > 0`),
          sql` or `,
        )
      : sql`false`;
    const uploads = await uploadedImages(tx, { customerId: id, contacts: contactsOf(customer), orderIds });
    const anonymous = (column: string) =>
      sql`${sql.raw(column)} || jsonb_build_object(
            'first_name', ${FORMER_CUSTOMER.first_name}::text, 'last_name', ${FORMER_CUSTOMER.last_name}::text,
            'phone', '', 'email', null, 'address_line_1', '', 'address_line_2', null, 'landmark', null,
            'city', '', 'postcode', '')`;
    await run(
      sql`update orders set email = null, phone = null, note = null, rating_comment = null,
            buyer_business_name = case when buyer_gstin is null then null else buyer_business_name end,
            shipping_address = ${anonymous('shipping_address')}, billing_address = ${anonymous('billing_address')},
            updated_at = now()
          where id in (${orders})`,
    );
    await run(sql`update order_items set custom_text = null, image_path = null where order_id in (${orders})`);
    // Notes anyone wrote about them or their orders (a staff cancel's reason, "called Priya, 98…").
    await run(sql`update order_events set note = null where note is not null and order_id in (${orders})`);
    await run(sql`update order_notes set body = ${ERASED_NOTE} where order_id in (${orders})`);
    // The audit log keeps who did what and when; what staff wrote about them goes: a customer
    // entry's before and after (a note's text, a block), an order entry's detail (a note, a reason).
    await run(sql`update audit_log set before = null, after = null where target = ${`customer:${id}`}`);
    const orderTargets = list(orderIds.map((o) => `order:${o}`));
    await run(
      sql`update audit_log
             set before = case when jsonb_typeof(before) = 'object' then before - 'detail' else before end,
                 after = case when jsonb_typeof(after) = 'object' then after - 'detail' else after end
           where target in (${orderTargets})`,
    );
    await run(sql`update refund_requests set reason = '' where order_id in (${orders})`);
    await run(
      sql`delete from outbox_messages where recipient in (${contacts}) or order_id in (${orders}) or ${mentions}`,
    );
    await run(sql`delete from access_logs where customer_id = ${id} or identifier in (${contacts})`);
    await run(sql`delete from otp_codes where customer_id = ${id} or phone in (${contacts})`);
    // Subjects are a contact, or `<purpose>:<contact>` (code sends).
    await run(
      sql`delete from throttle_counters
          where subject in (${contacts}) or substr(subject, strpos(subject, ':') + 1) in (${contacts})`,
    );
    await run(sql`delete from email_subscribers where lower(email) in (${contacts})`);
    await run(sql`delete from mode_subscribers where lower(email) in (${contacts})`);
    await run(sql`delete from reviews where customer_id = ${id}`);
    await run(sql`delete from idempotency_keys where scope = ${`customer:${id}`}`);
    await run(
      sql`delete from form_submissions where exists (
            select 1 from jsonb_each_text(data) f where lower(f.value) in (${contacts}))`,
    );
    await run(
      sql`delete from carts where customer_id = ${id} or lower(email) in (${contacts}) or phone in (${contacts})`,
    );
    // Their ended applications go whole (answers, thread, documents: cascade); the files after commit.
    const documents = await applicationDocuments(tx, { customerId: id });
    await run(sql`delete from applications where customer_id = ${id}`);
    // Sessions, known devices, addresses, wishlist, notes, codes and reset links go with the row.
    await run(sql`delete from customers where id = ${id}`);
    await tx.insert(accountDeletions).values({ customerRef: deletionRef(), ordersKept: orderIds.length });
    return { uploads: uploads.map((u) => u.image_path), documents: documents.map((d) => d.path) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome;
}

/** The owner's record of deleted accounts, newest first (the latest 200). */
export async function listAccountDeletions(db: Db): Promise<AccountDeletionList> {
  const rows = await db.select().from(accountDeletions).orderBy(desc(accountDeletions.id)).limit(200);
  return {
    deletions: rows.map((r) => ({
      id: r.id,
      customer_ref: r.customerRef,
      orders_kept: r.ordersKept,
      deleted_at: r.deletedAt.toISOString(),
    })),
  };
}
