import { sql } from 'drizzle-orm';
import type { MyDataExport } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { Customer } from '../../lib/session.ts';
import { getAuthSettings } from '../auth/settings.ts';

type Row = Record<string, unknown>;

/** The customer's contacts as stored (what the sign-in log and the newsletter know them by). */
export const contactsOf = (customer: Customer): string[] =>
  [customer.email, customer.phone].filter((c): c is string => !!c);

const inList = (values: string[]) =>
  values.length
    ? sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
    : sql`null`;

/**
 * Everything the shop holds about the customer, as stored (the "Download my data" file). Secrets
 * are left out: the password hash, session and device token hashes, the tracking token's hash.
 */
export async function exportMyData(db: Db, customer: Customer): Promise<MyDataExport> {
  const id = customer.id;
  const contacts = inList(contactsOf(customer));
  // eslint-disable-next-line no-restricted-syntax -- whole rows (select *): the export holds every column there is
  const rows = (q: ReturnType<typeof sql>) => queryRows<Row>(db, q);
  const orders = await rows(sql`select * from orders where customer_id = ${id} order by created_at, id`);
  const orderIds = orders.map((o) => String(o.id));
  const items = await rows(
    sql`select * from order_items where order_id in (${inList(orderIds)}) order by order_id, id`,
  );
  const events = await rows(
    sql`select order_id, from_status, to_status, actor, note, created_at from order_events
        where order_id in (${inList(orderIds)}) order by order_id, created_at, id`,
  );
  /** Their applications (services mode) with answers, stage moves, thread and documents' names. */
  async function applicationsOf(customerId: number) {
    const apps = await rows(
      sql`select id, application_no, service_name, stage, name, email, phone, answers, currency, fee_minor,
                 quote_note, rejection_reason, created_at, updated_at
          from applications where customer_id = ${customerId} order by created_at, id`,
    );
    const ids = apps.map((a) => String(a.id));
    const of = (table: string, columns: string) =>
      rows(
        sql`select application_id, ${sql.raw(columns)} from ${sql.raw(table)}
            where application_id in (${inList(ids)}) order by application_id, created_at, id`,
      );
    const [events, messages, documents] = await Promise.all([
      of('application_events', 'from_stage, to_stage, note, created_at'),
      of('application_messages', 'author, body, created_at'),
      of('application_documents', 'field_key, original_name, mime, size_bytes, uploaded_by, created_at'),
    ]);
    const mine = (list: Record<string, unknown>[], appId: unknown) => list.filter((r) => r.application_id === appId);
    return apps.map((a) => ({
      ...a,
      events: mine(events, a.id),
      messages: mine(messages, a.id),
      documents: mine(documents, a.id),
    }));
  }
  const { storeName } = await getAuthSettings(db);
  return {
    exported_at: new Date().toISOString(),
    shop: storeName,
    profile: {
      id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      email_verified_at: customer.emailVerifiedAt,
      phone: customer.phone,
      phone_verified_at: customer.phoneVerifiedAt,
      has_password: customer.passwordHash !== null,
      orders_count: customer.ordersCount,
      created_at: customer.createdAt,
      updated_at: customer.updatedAt,
    },
    addresses: await rows(sql`select * from addresses where customer_id = ${id} order by id`),
    orders: orders.map(({ tracking_token_hash: _hidden, ...o }) => ({
      ...o,
      items: items.filter((i) => i.order_id === o.id),
      events: events.filter((e) => e.order_id === o.id),
    })),
    reviews: await rows(
      sql`select r.id, r.product_id, p.name as product_name, r.author_name, r.rating, r.title, r.body,
                 r.is_verified_buyer, r.is_published, r.created_at
          from reviews r left join products p on p.id = r.product_id
          where r.customer_id = ${id} order by r.id`,
    ),
    applications: await applicationsOf(id),
    wishlist: await rows(
      sql`select w.product_id, p.name as product_name, w.variant_id, w.created_at
          from wishlist_items w left join products p on p.id = w.product_id
          where w.customer_id = ${id} order by w.created_at`,
    ),
    newsletter: [
      ...(await rows(
        sql`select 'newsletter' as list, email, status, source, created_at from email_subscribers
            where lower(email) in (${contacts})`,
      )),
      ...(await rows(
        sql`select 'store_mode' as list, email, mode, created_at from mode_subscribers where lower(email) in (${contacts})`,
      )),
    ],
    known_devices: await rows(
      sql`select created_at, last_seen_at from known_devices where customer_id = ${id} order by created_at`,
    ),
    sessions: await rows(
      sql`select created_at, last_seen_at, expires_at, remember, ip, user_agent from sessions
          where customer_id = ${id} order by created_at`,
    ),
    sign_in_log: await rows(
      sql`select created_at, identifier, method, success, ip, user_agent from access_logs
          where customer_id = ${id} or identifier in (${contacts}) order by created_at, id`,
    ),
  };
}
