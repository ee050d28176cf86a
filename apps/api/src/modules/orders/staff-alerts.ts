import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_AREAS, STAFF_ROLES, money } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { paymentMethodNameSql } from '../payments/methods.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** E-mail the staff who follow orders about a new order or refund request (once per key). */
    'staff-order-alert': StaffAlert;
  }
}

/**
 * Telling staff about a new order or refund request (issue 25): the 'staff-order-alert' job is
 * queued in the transaction that confirms the order (moveOrder's history row) or records the
 * request, so it exists exactly when the change does; the job writes the e-mails to the outbox
 * in one transaction with its key in staff_alerts, so however often it runs each is sent once.
 * Who: active staff whose role may use the orders area and whose notify_orders is on (null: owners
 * yes, others no).
 */
export interface StaffAlert {
  kind: 'new_order' | 'refund_request';
  orderId: string;
  /** `order:ord_…` or `refund:<first request id>`. */
  key: string;
}

const ORDER_ROLES = STAFF_ROLES.filter((r) => ROLE_AREAS[r].includes('orders'));

/** Queues the alert inside the caller's transaction. */
export async function queueStaffAlert(tx: Db, alert: StaffAlert): Promise<void> {
  await enqueueJob(tx, { kind: 'staff-order-alert', payload: alert, dedupeKey: alert.key });
}

/** The SQL of who is told: active order staff with notify_orders on (null: owners only). */
export const alertRecipientsSql = sql`select email from staff
  where is_active and role in (${sql.join(
    ORDER_ROLES.map((r) => sql`${r}`),
    sql`, `,
  )}) and coalesce(notify_orders, role = 'owner') order by email`;

/** Writes the alert's e-mails, once per key. Answers how many were queued. */
export async function sendStaffAlert(app: FastifyInstance, db: Db, alert: StaffAlert): Promise<number> {
  const settings = await getStoreSettings(db, ['store_name', 'store_url']);
  const storeName = storeNameOf(settings.store_name);
  const origin = backgroundLinkOrigin(app.env, settings.store_url);
  const sent = await db.transaction(async (tx) => {
    const [fresh] = await queryRows<{ key: string }>(
      tx,
      sql`insert into staff_alerts (key) values (${alert.key}) on conflict do nothing returning key`,
    );
    if (!fresh) return 0;
    const [o] = await queryRows<{
      order_no: string;
      currency: string;
      grand_total_minor: number;
      method: string;
      name: string;
      items: number;
      requested_minor: number;
      reasons: string | null;
    }>(
      tx,
      sql`select o.order_no, o.currency, o.grand_total_minor, ${paymentMethodNameSql(sql`o.payment_method_code`)} as method,
            trim(coalesce(o.shipping_address ->> 'first_name', '') || ' ' || coalesce(o.shipping_address ->> 'last_name', '')) as name,
            (select coalesce(sum(quantity), 0)::int from order_items where order_id = o.id) as items,
            (select coalesce(sum(amount_minor), 0)::int from refund_requests where order_id = o.id and status = 'requested')
              as requested_minor,
            (select string_agg(distinct reason, '; ') from refund_requests where order_id = o.id and status = 'requested')
              as reasons
          from orders o where o.id = ${alert.orderId}`,
    );
    if (!o) return 0;
    const recipients = await queryRows<{ email: string }>(tx, alertRecipientsSql);
    const fmt = (n: number) => money(n, o.currency).formatted;
    const link = origin ? `\n\nOpen it: ${origin}/admin/orders/${alert.orderId}` : '';
    const msg =
      alert.kind === 'new_order'
        ? {
            subject: `New order ${o.order_no}: ${fmt(o.grand_total_minor)}`,
            body: `${storeName} has a new order, ${o.order_no}, from ${o.name || 'a guest'}: ${o.items} item${o.items === 1 ? '' : 's'}, ${fmt(o.grand_total_minor)} (${o.method}).${link}`,
          }
        : {
            subject: `Refund requested for order ${o.order_no}`,
            body: `${o.name || 'A shopper'} asks for a refund of ${fmt(o.requested_minor)} on order ${o.order_no}.${o.reasons ? ` Reason: ${o.reasons}` : ''}${link}`,
          };
    for (const r of recipients) await app.outbox.enqueue(tx, { channel: 'email', recipient: r.email, ...msg });
    return recipients.length;
  });
  if (sent > 0) app.outbox.kick();
  return sent;
}
