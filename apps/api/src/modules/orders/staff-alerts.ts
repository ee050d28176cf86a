import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLE_AREAS, STAFF_ROLES, money } from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { paymentMethodNameSql } from '../../db/payment-methods.ts';
import { pushToStaff, type PushMessage } from '../push/send.ts';
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
 * yes, others no). After that transaction the same people get it as a notification on each device
 * where they turned notifications on (Web Push: push/send.ts), once per key and device.
 */
export type StaffAlert =
  | {
      kind: 'new_order' | 'refund_request';
      orderId: string;
      /** `order:ord_…` or `refund:<first request id>`. */
      key: string;
    }
  | {
      /**
       * An applicant asks to cancel once work has started: the application, which may have no fee
       * order (a quote not yet paid). Jobs queued before it was named carry only its fee order.
       */
      kind: 'cancel_request';
      applicationId?: string;
      orderId?: string;
      /** `cancel:<application id>:<asked at>`. */
      key: string;
    }
  | {
      /** An applicant wrote on their application's thread, or sent a document: staff answer it there. */
      kind: 'applicant_message' | 'applicant_document';
      applicationId: string;
      /** application_messages.id or application_documents.id. */
      itemId: number;
      /** `message:<id>` or `document:<id>`. */
      key: string;
    };

const ORDER_ROLES = STAFF_ROLES.filter((r) => ROLE_AREAS[r].includes('orders'));

/** Queues the alert inside the caller's transaction. */
export async function queueStaffAlert(tx: Db, alert: StaffAlert): Promise<void> {
  await enqueueJob(tx, { kind: 'staff-order-alert', payload: alert, dedupeKey: alert.key });
}

/** Who is told, as a condition on `staff`: active order staff with notify_orders on (null: owners only). */
const isAlertRecipient = sql`staff.is_active and staff.role in (${sql.join(
  ORDER_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}) and coalesce(staff.notify_orders, staff.role = 'owner')`;

/** Who is told by e-mail. */
const alertRecipients = namedQuery<{ email: string }>()({
  name: 'orders.staff-alert.recipients',
  columns: ['email'],
  example: {},
  build: () => sql`select email from staff where ${isAlertRecipient} order by email`,
});

interface AlertOrder {
  order_no: string;
  currency: string;
  grand_total_minor: number;
  method: string;
  name: string;
  items: number;
  requested_minor: number;
  reasons: string | null;
  /** A service's fee order (ADR 37): its application, whose page the alert opens. */
  application_id: string | null;
  application_no: string | null;
  /** The applicant's reason, while they ask to cancel. */
  cancel_reason: string | null;
  /** Paid offline (Cash): the fee is due, not paid. */
  cod: boolean;
}

/** What an alert says about its order. */
const alertOrderRow = namedQuery<AlertOrder>()({
  name: 'orders.staff-alert.order',
  columns: [
    'order_no',
    'currency',
    'grand_total_minor',
    'method',
    'name',
    'items',
    'requested_minor',
    'reasons',
    'application_id',
    'application_no',
    'cancel_reason',
    'cod',
  ],
  example: { orderId: 'o_example' },
  build: (p: { orderId: string }) =>
    sql`select o.order_no, o.currency, o.grand_total_minor, ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} as method,
          trim(coalesce(o.shipping_address ->> 'first_name', '') || ' ' || coalesce(o.shipping_address ->> 'last_name', '')) as name,
          (select coalesce(sum(quantity), 0)::int from order_items where order_id = o.id) as items,
          (select coalesce(sum(amount_minor), 0)::int from refund_requests where order_id = o.id and status = 'requested')
            as requested_minor,
          (select string_agg(distinct reason, '; ') from refund_requests where order_id = o.id and status = 'requested')
            as reasons,
          a.id as application_id, a.application_no, a.cancel_request_reason as cancel_reason,
          o.payment_status = 'cod' as cod
        from orders o left join applications a on a.id = o.application_id
       where o.id = ${p.orderId}`,
});

/** What an alert says about its order. */
async function alertOrder(db: Db, orderId: string): Promise<AlertOrder | undefined> {
  const [o] = await alertOrderRow(db, { orderId });
  return o;
}

/** The panel's page an order alert opens: the order's, or for a fee order its application's. */
const alertPath = (orderId: string, alert: StaffAlert, o: AlertOrder) =>
  o.application_id && alert.kind !== 'refund_request'
    ? `/admin/applications/${encodeURIComponent(o.application_id)}`
    : `/admin/orders/${encodeURIComponent(orderId)}`;

interface CancelRequest {
  application_id: string;
  application_no: string;
  name: string;
  cancel_reason: string | null;
}

/** The application asked to be cancelled: the one named, else the fee order's. */
const cancelRequestRow = namedQuery<CancelRequest>()({
  name: 'orders.staff-alert.cancel-request',
  columns: ['application_id', 'application_no', 'name', 'cancel_reason'],
  example: { applicationId: 'app_example', orderId: 'o_example' } as { applicationId?: string; orderId?: string },
  build: (p: { applicationId?: string; orderId?: string }) =>
    sql`select a.id as application_id, a.application_no, a.name, a.cancel_request_reason as cancel_reason
          from applications a
         where a.id = coalesce(${p.applicationId ?? null}::text,
                               (select application_id from orders where id = ${p.orderId ?? null}::text))`,
});

/** What a cancel request's alert says: the application, with or without a fee order. */
async function cancelRequestOf(
  db: Db,
  alert: Extract<StaffAlert, { kind: 'cancel_request' }>,
): Promise<CancelRequest | undefined> {
  const [a] = await cancelRequestRow(db, alert);
  return a;
}

const applicationPath = (a: CancelRequest) => `/admin/applications/${encodeURIComponent(a.application_id)}`;

type Activity = { application_id: string; application_no: string; name: string; what: string | null };
type ActivityParams = { applicationId: string; itemId: number };

/** The application and the applicant's message. */
const applicantMessageRow = namedQuery<Activity>()({
  name: 'orders.staff-alert.applicant-message',
  columns: ['application_id', 'application_no', 'name', 'what'],
  example: { applicationId: 'app_example', itemId: 1 },
  build: (p: ActivityParams) =>
    sql`select a.id as application_id, a.application_no, a.name, m.body as what
          from applications a join application_messages m on m.application_id = a.id
         where a.id = ${p.applicationId} and m.id = ${p.itemId}`,
});

/** The application and the applicant's document. */
const applicantDocumentRow = namedQuery<Activity>()({
  name: 'orders.staff-alert.applicant-document',
  columns: ['application_id', 'application_no', 'name', 'what'],
  example: { applicationId: 'app_example', itemId: 1 },
  build: (p: ActivityParams) =>
    sql`select a.id as application_id, a.application_no, a.name, d.original_name as what
          from applications a join application_documents d on d.application_id = a.id
         where a.id = ${p.applicationId} and d.id = ${p.itemId}`,
});

/** What an applicant's message or document alert says: who, on which application, and what. */
async function applicantActivity(
  db: Db,
  alert: ApplicantActivity,
): Promise<{ title: string; body: string; url: string } | undefined> {
  const [a] = await (alert.kind === 'applicant_message' ? applicantMessageRow : applicantDocumentRow)(db, alert);
  if (!a) return undefined;
  const said = Array.from((a.what ?? '').replace(/\s+/g, ' ').trim());
  const quoted = said.length > 200 ? `${said.slice(0, 199).join('')}…` : said.join('');
  return alert.kind === 'applicant_message'
    ? {
        title: `${a.application_no}: a message from ${a.name || 'the applicant'}`,
        body: `${a.name || 'The applicant'} wrote on application ${a.application_no}: "${quoted}"`,
        url: applicationPath({ ...a, cancel_reason: null }),
      }
    : {
        title: `${a.application_no}: a document from ${a.name || 'the applicant'}`,
        body: `${a.name || 'The applicant'} sent ${quoted} on application ${a.application_no}`,
        url: applicationPath({ ...a, cancel_reason: null }),
      };
}

/**
 * A fee order's "new order" alert (ADR 37): the fee of an application paid (or due in cash), not
 * an order to pack.
 */
function feeAlert(o: AlertOrder): { title: string; body: string } {
  const amount = money(o.grand_total_minor, o.currency).formatted;
  return o.cod
    ? { title: `Fee due in cash for ${o.application_no}`, body: `${o.name || 'An applicant'}: ${amount} (${o.method})` }
    : { title: `Fee paid for ${o.application_no}`, body: `${o.name || 'An applicant'}: ${amount} (${o.method})` };
}

/** An applicant asks to cancel once work has started (issue 27): the owner decides on its page. */
function cancelAlert(o: CancelRequest): { title: string; body: string } {
  return {
    title: `${o.application_no}: asked to cancel`,
    body: `${o.name || 'The applicant'} asks to cancel application ${o.application_no}${o.cancel_reason ? `: ${o.cancel_reason}` : ''}`.slice(
      0,
      300,
    ),
  };
}

/** An alert as e-mail (its subject and body) and as a notification: what it says, from the database. */
interface Composed {
  email: { subject: string; body: string };
  push: PushMessage;
}

type ApplicantActivity = Extract<StaffAlert, { kind: 'applicant_message' | 'applicant_document' }>;
const isApplicantActivity = (a: StaffAlert): a is ApplicantActivity =>
  a.kind === 'applicant_message' || a.kind === 'applicant_document';

/** Composes the alert; undefined when its order or application is gone. `origin`: links' origin, '' for none. */
async function composeAlert(
  db: Db,
  alert: StaffAlert,
  storeName: string,
  origin: string,
): Promise<Composed | undefined> {
  if (isApplicantActivity(alert)) {
    const said = await applicantActivity(db, alert);
    if (!said) return undefined;
    const link = origin ? `\n\nOpen it: ${origin}${said.url}` : '';
    return {
      email: { subject: said.title, body: `${storeName}: ${said.body}.${link}` },
      push: { title: said.title, body: said.body, url: said.url, tag: alert.key },
    };
  }
  if (alert.kind === 'cancel_request') {
    const a = await cancelRequestOf(db, alert);
    if (!a) return undefined;
    const said = cancelAlert(a);
    const link = origin ? `\n\nOpen it: ${origin}${applicationPath(a)}` : '';
    return {
      email: { subject: said.title, body: `${storeName}: ${said.title}. ${said.body}.${link}` },
      push: { ...said, url: applicationPath(a), tag: alert.key },
    };
  }
  const o = await alertOrder(db, alert.orderId);
  if (!o) return undefined;
  const fmt = (n: number) => money(n, o.currency).formatted;
  const link = origin ? `\n\nOpen it: ${origin}${alertPath(alert.orderId, alert, o)}` : '';
  const fee = alert.kind === 'new_order' && o.application_no ? feeAlert(o) : null;
  const email = fee
    ? { subject: fee.title, body: `${storeName}: ${fee.title}. ${fee.body}.${link}` }
    : alert.kind === 'new_order'
      ? {
          subject: `New order ${o.order_no}: ${fmt(o.grand_total_minor)}`,
          body: `${storeName} has a new order, ${o.order_no}, from ${o.name || 'a guest'}: ${o.items} item${o.items === 1 ? '' : 's'}, ${fmt(o.grand_total_minor)} (${o.method}).${link}`,
        }
      : {
          subject: `Refund requested for order ${o.order_no}`,
          body: `${o.name || 'A shopper'} asks for a refund of ${fmt(o.requested_minor)} on order ${o.order_no}.${o.reasons ? ` Reason: ${o.reasons}` : ''}${link}`,
        };
  return { email, push: pushMessageOf(alert.orderId, alert, o) };
}

/** The notification of an order alert (Web Push): the panel's order (or application) page opens on a tap. */
function pushMessageOf(orderId: string, alert: StaffAlert, o: AlertOrder): PushMessage {
  const fmt = (n: number) => money(n, o.currency).formatted;
  const url = alertPath(orderId, alert, o);
  if (alert.kind === 'new_order' && o.application_no) return { ...feeAlert(o), url, tag: alert.key };
  return alert.kind === 'new_order'
    ? {
        title: `New order ${o.order_no}`,
        body: `${o.name || 'A guest'}: ${fmt(o.grand_total_minor)}, ${o.items} item${o.items === 1 ? '' : 's'} (${o.method})`,
        url,
        tag: alert.key,
      }
    : {
        title: `Refund requested ${o.order_no}`,
        body: `${o.name || 'A shopper'} asks for ${fmt(o.requested_minor)} back${o.reasons ? `: ${o.reasons}` : ''}`.slice(
          0,
          300,
        ),
        url,
        tag: alert.key,
      };
}

/**
 * Writes the alert's e-mails, once per key, then (after that transaction, outside any) pushes it
 * to the recipients' devices, once per key and device (push/send.ts). Answers how many e-mails were
 * queued. Throws when a push failed for a reason worth retrying: the job runs again, its e-mails
 * already written (the key), its pushes only to the devices not yet told.
 */
export async function sendStaffAlert(app: FastifyInstance, db: Db, alert: StaffAlert): Promise<number> {
  const settings = await getStoreSettings(db, ['store_name', 'store_url']);
  const storeName = storeNameOf(settings.store_name);
  const origin = backgroundLinkOrigin(app.env, settings.store_url) ?? '';
  const sent = await db.transaction(async (tx) => {
    const [fresh] = await queryRows(
      tx,
      sql`insert into staff_alerts (key) values (${alert.key}) on conflict do nothing returning key`,
    );
    if (!fresh) return 0;
    const composed = await composeAlert(tx, alert, storeName, origin);
    if (!composed) return 0;
    const recipients = await alertRecipients(tx, {});
    for (const r of recipients)
      await app.outbox.enqueue(tx, { channel: 'email', recipient: r.email, ...composed.email });
    return recipients.length;
  });
  await pushToStaff(
    db,
    app.env,
    app.log,
    alert.key,
    isAlertRecipient,
    async () => (await composeAlert(db, alert, storeName, origin))?.push ?? null,
  );
  return sent;
}
