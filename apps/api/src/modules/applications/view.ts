import { sql } from 'drizzle-orm';
import {
  ORDER_STATUSES,
  feeMethodName,
  isUnpaid,
  money,
  type AdminApplication,
  type Application,
  type ServiceStage,
} from '@shopfront/shared';
import type { StoredAnswer } from '../../db/application-schema.ts';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { activePaymentMethodsJsonSql } from '../../db/payment-methods.ts';
import { isoSql } from '../../db/sql-time.ts';
import { feeSettledByOwnerSql } from './applicant-cancel.ts';
import { feeStatus } from './fee-status.ts';
import { applicationToken, applicationTrackingPath } from './token.ts';
import { settingOn } from '../settings/service.ts';
import {
  addWorkingDays,
  cancelAction,
  isEnding,
  isFinalStage,
  nextStages,
  stageLabel,
  stageSequence,
} from './stages.ts';

/** An application with its history, thread, requests and documents, read in one statement. */
interface ApplicationRow {
  id: string;
  application_no: string;
  service_name: string;
  service_slug: string;
  stages: ServiceStage[];
  order_id: string | null;
  customer_id: number | null;
  name: string;
  email: string | null;
  phone: string | null;
  stage: string;
  stage_changed_at: string;
  next_due_at: string | null;
  answers: StoredAnswer[];
  currency: string;
  fee_minor: number | null;
  fee_coupon: { code: string; discount_minor: number; total_minor: number } | null;
  fee_refund: { refunded_minor: number; pending: boolean } | null;
  fee_order_id: string | null;
  quote_note: string | null;
  rejection_reason: string | null;
  cancel_requested_at: string | null;
  cancel_request_reason: string | null;
  cancel_enabled: boolean;
  refund_enabled: boolean;
  fee_with_owner: boolean;
  created_at: string;
  fee_methods: Application['fee_methods'];
  events: { from_stage: string | null; to_stage: string; note: string | null; at: string }[];
  messages: { id: number; author: 'applicant' | 'staff'; body: string; at: string }[];
  requests: { id: number; what: string; status: 'open' | 'answered'; created_at: string }[];
  documents: {
    id: number;
    original_name: string;
    mime: string;
    size_bytes: number;
    uploaded_by: 'applicant' | 'staff';
    field_key: string | null;
    request_id: number | null;
    created_at: string;
  }[];
}

/**
 * The fee order's states in which the fee is not paid (nor due in cash): its payment awaited or
 * failed, or the order cancelled (payments/verdicts.ts settledPath's "not ok").
 */
const NOT_PAID_SQL = sql`(${sql.join(
  [...ORDER_STATUSES.filter(isUnpaid), 'cancelled' as const].map((s) => sql`${s}`),
  sql`, `,
)})`;

const applicationJson = namedQuery<{ result: ApplicationRow }>()({
  name: 'applications.view.row',
  columns: ['result'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) =>
    sql`select row_to_json(x) as result from (
      select a.id, a.application_no, a.service_name, a.service_slug, a.stages, a.order_id, a.customer_id,
        a.name, a.email, a.phone, a.stage, ${isoSql(sql`a.stage_changed_at`)} as stage_changed_at,
        ${isoSql(sql`a.next_due_at`)} as next_due_at, a.answers, a.currency, a.fee_minor, a.quote_note,
        (select json_build_object('code', o.coupon_code, 'discount_minor', o.discount_minor,
                  'total_minor', o.grand_total_minor)
           from orders o where o.id = a.order_id and o.coupon_code is not null and o.status <> 'cancelled') as fee_coupon,
        -- What comes back: refunds granted of the payment that paid the fee, and money captured that
        -- never paid it (a payment that landed after the cancel: payments/verdicts.ts refundUnapplied).
        (select json_build_object('refunded_minor', o.refunded_minor + coalesce((
                    select sum(p.amount_minor) from payments p
                     where p.order_id = o.id and p.id is distinct from o.paid_payment_id
                       and p.status in ('paid', 'refunded')), 0)::int,
                  'pending', o.payment_status = 'refund_pending')
           from orders o
          where o.id = a.order_id
            and (o.refunded_minor > 0 or o.payment_status in ('refund_pending', 'refunded'))) as fee_refund,
        -- The fee's order once paid (or due in cash): not while it awaits its payment, nor once cancelled.
        (select o.id from orders o
          where o.id = a.order_id and o.kind = 'service_fee' and o.status not in ${NOT_PAID_SQL}) as fee_order_id,
        a.rejection_reason, ${isoSql(sql`a.created_at`)} as created_at,
        ${isoSql(sql`a.cancel_requested_at`)} as cancel_requested_at, a.cancel_request_reason,
        ${settingOn('enable_cancel_order')} as cancel_enabled, ${settingOn('enable_refund')} as refund_enabled,
        ${feeSettledByOwnerSql} as fee_with_owner,
        case when a.stage = 'awaiting_payment' and a.fee_minor is not null
             then ${activePaymentMethodsJsonSql} else '[]'::json end as fee_methods,
        (select coalesce(json_agg(e order by e.id), '[]'::json) from (
           select id, from_stage, to_stage, note, ${isoSql(sql`created_at`)} as at
             from application_events where application_id = a.id) e) as events,
        (select coalesce(json_agg(m order by m.id), '[]'::json) from (
           select id, author, body, ${isoSql(sql`created_at`)} as at
             from application_messages where application_id = a.id) m) as messages,
        (select coalesce(json_agg(r order by r.id), '[]'::json) from (
           select id, what, status, ${isoSql(sql`created_at`)} as created_at
             from application_document_requests where application_id = a.id) r) as requests,
        (select coalesce(json_agg(d order by d.id), '[]'::json) from (
           select id, original_name, mime, size_bytes, uploaded_by, field_key, request_id,
                  ${isoSql(sql`created_at`)} as created_at
             from application_documents where application_id = a.id) d) as documents
        from applications a where a.id = ${id}) x`,
});

async function applicationRow(db: Db, id: string): Promise<ApplicationRow | null> {
  const [answer] = await applicationJson(db, { id });
  return answer?.result ?? null;
}

/**
 * The stage timeline: each stage of the table, when it was reached, and when the next one is
 * expected. An ended application (rejected, cancelled) shows the stages it reached, then its ending
 * as the current step: the stages it will never reach are not promised.
 */
function steps(row: ApplicationRow): Application['steps'] {
  const seq = stageSequence(row.stages).filter(
    (key) => key === 'submitted' || row.stages.some((s) => s.key === key) || key === row.stage,
  );
  const reachedAt = (key: string) => row.events.findLast((e) => e.to_stage === key)?.at ?? null;
  if (isEnding(row.stage)) {
    const reached = stageSequence(row.stages).filter((key) => reachedAt(key) !== null);
    return [
      ...reached.map((key) => ({
        key,
        label: stageLabel(row.stages, key),
        completed: true,
        active: false,
        at: reachedAt(key),
        expected_at: null,
      })),
      {
        key: row.stage,
        label: stageLabel(row.stages, row.stage),
        completed: true,
        active: true,
        at: reachedAt(row.stage),
        expected_at: null,
      },
    ];
  }
  const at = seq.indexOf(row.stage);
  // The next stage's date is the one set when this stage was reached; each later one follows it by
  // its own working days (a projection: it moves with the next move).
  let projected = row.next_due_at === null ? null : new Date(row.next_due_at);
  return seq.map((key, i) => {
    const completed = i <= at;
    let expected: string | null = null;
    if (i === at + 1) expected = row.next_due_at;
    else if (i > at + 1 && projected) {
      const days = row.stages.find((s) => s.key === key)?.expected_days;
      projected = days === undefined ? null : addWorkingDays(projected, days);
      expected = projected?.toISOString() ?? null;
    }
    return {
      key,
      label: stageLabel(row.stages, key),
      completed,
      active: i === at,
      at: completed ? reachedAt(key) : null,
      expected_at: expected,
    };
  });
}

/** Whether a payment method can take a fee now (an online one needs its provider configured in this process). */
export type PayableMethod = (m: Application['fee_methods'][number]) => boolean;

function toApplication(
  row: ApplicationRow,
  downloadBase: string,
  trackingPath: string,
  payable: PayableMethod = () => true,
): Application {
  return {
    id: row.id,
    application_no: row.application_no,
    service: { name: row.service_name, slug: row.service_slug },
    stage: row.stage,
    stage_label: stageLabel(row.stages, row.stage),
    stage_changed_at: row.stage_changed_at,
    created_at: row.created_at,
    fee: row.fee_minor === null ? null : money(row.fee_minor, row.currency),
    fee_coupon: row.fee_coupon && {
      code: row.fee_coupon.code,
      discount: money(row.fee_coupon.discount_minor, row.currency),
      total: money(row.fee_coupon.total_minor, row.currency),
    },
    fee_refund: row.fee_refund && {
      amount: money(row.fee_refund.refunded_minor, row.currency),
      pending: row.fee_refund.pending,
    },
    fee_order_id: row.fee_order_id,
    quote_note: row.quote_note,
    rejection_reason: row.rejection_reason,
    steps: steps(row),
    history: row.events.map((e) => ({
      from: e.from_stage,
      to: e.to_stage,
      to_label: stageLabel(row.stages, e.to_stage),
      note: e.note,
      at: e.at,
    })),
    answers: row.answers.map((a) => ({
      key: a.key,
      label: a.label,
      type: a.type,
      value: a.value,
      // A document pruned with the application's retention (maintenance/retention.ts) links nothing.
      document_id: row.documents.some((d) => d.id === a.document_id) ? a.document_id : null,
    })),
    messages: row.messages,
    document_requests: row.requests,
    documents: row.documents.map((d) => ({ ...d, download_path: `${downloadBase}/documents/${d.id}` })),
    documents_open: !isFinalStage(row.stages, row.stage),
    tracking_path: trackingPath,
    fee_methods: row.fee_methods
      .map((m) => ({ code: m.code, name: feeMethodName(m.code, m.name), kind: m.kind }))
      .filter(payable),
    cancel: {
      action: cancelAction(row.stages, row.stage, {
        cancelEnabled: row.cancel_enabled,
        refundEnabled: row.refund_enabled,
        requested: row.cancel_requested_at !== null,
        feeWithOwner: row.fee_with_owner,
      }),
      requested_at: row.cancel_requested_at,
      request_reason: row.cancel_request_reason,
    },
  };
}

/**
 * The application as its applicant sees it, reached as `ref` (their own links keep that name);
 * its fee_methods only those `payable` says can take the fee.
 */
export async function applicantView(
  db: Db,
  id: string,
  ref: string,
  payable?: PayableMethod,
): Promise<Application | null> {
  const row = await applicationRow(db, id);
  if (!row) return null;
  const path = applicationTrackingPath(await applicationToken(db, id));
  return toApplication(row, `/api/applications/${encodeURIComponent(ref)}`, path, payable);
}

/** The application as staff see it: the applicant's contact, the fee and its order, the stage moves open to them. */
export async function staffView(db: Db, id: string): Promise<AdminApplication | null> {
  const row = await applicationRow(db, id);
  if (!row) return null;
  const path = applicationTrackingPath(await applicationToken(db, id));
  return {
    ...toApplication(row, `/api/admin/applications/${encodeURIComponent(id)}`, path),
    customer_id: row.customer_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    order_id: row.order_id,
    fee_status: await feeStatus(db, id),
    next_due_at: row.next_due_at,
    next_stages: nextStages(row.stages, row.stage).map((key) => ({ key, label: stageLabel(row.stages, key) })),
  };
}
