import { sql } from 'drizzle-orm';
import {
  money,
  type AdminApplicationFee,
  type OrderStatus,
  type PaymentStatus,
  type ServiceStage,
} from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { paymentMethodNameSql } from '../../db/payment-methods.ts';
import { isoSql } from '../../db/sql-time.ts';
import { settingOn } from '../settings/service.ts';
import { isFinalStage } from './stages.ts';

/**
 * How an application's fee stands for staff (the panel's Fee card, ADR 37): read from its fee
 * order, the one source of its money (paid, due in cash, refunded).
 */

interface FeeRow {
  stage: string;
  stages: ServiceStage[];
  cancel_enabled: boolean;
  fee_minor: number | null;
  order_id: string | null;
  order_no: string | null;
  status: OrderStatus | null;
  payment_status: PaymentStatus | null;
  currency: string | null;
  method: string | null;
  paid_at: string | null;
  refunded_minor: number | null;
}

function stateOf(r: FeeRow): AdminApplicationFee['state'] {
  if (r.order_id === null) return r.stage === 'awaiting_payment' && r.fee_minor !== null ? 'due' : 'not_due';
  if ((r.refunded_minor ?? 0) > 0) return 'refunded';
  if (r.status === 'cancelled') return 'cancelled';
  if (r.status === 'awaiting_payment' || r.status === 'payment_failed') return 'awaiting_payment';
  return r.payment_status === 'cod' ? 'cash_due' : 'paid';
}

const feeRow = namedQuery<FeeRow>()({
  name: 'applications.fee-status',
  columns: [
    'stage',
    'stages',
    'cancel_enabled',
    'fee_minor',
    'order_id',
    'order_no',
    'status',
    'payment_status',
    'currency',
    'method',
    'paid_at',
    'refunded_minor',
  ],
  example: { applicationId: 'apl_example' },
  build: ({ applicationId }: { applicationId: string }) =>
    sql`select a.stage, a.stages, ${settingOn('enable_cancel_order')} as cancel_enabled, a.fee_minor, o.id as order_id, o.order_no, o.status, o.payment_status, o.currency,
          case when o.id is null then null else ${paymentMethodNameSql(sql`o.payment_method_code`, sql`o.kind`)} end as method,
          ${isoSql(sql`o.paid_at`)} as paid_at, o.refunded_minor
          from applications a left join orders o on o.id = a.order_id and o.kind = 'service_fee'
         where a.id = ${applicationId}`,
});

export async function feeStatus(db: Db, applicationId: string): Promise<AdminApplicationFee> {
  const [r] = await feeRow(db, { applicationId });
  const row = r!;
  const state = stateOf(row);
  return {
    state,
    order_id: row.order_id,
    order_no: row.order_no,
    method: row.method || null,
    paid_at: row.paid_at,
    refunded: row.order_id === null ? null : money(row.refunded_minor ?? 0, row.currency!),
    can_refund: state === 'paid' && row.status === 'delivered',
    can_mark_paid: state === 'cash_due',
    can_cancel_application: !isFinalStage(row.stages, row.stage),
    cancel_by_default: row.stage === 'submitted' && row.cancel_enabled,
  };
}
