import { sql, type SQL } from 'drizzle-orm';
import { money, type ApplicationRow, type ServiceStage } from '@shopfront/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { isoSql } from '../../db/sql-time.ts';
import { HttpError } from '../../lib/http.ts';
import { messages } from '@shopfront/shared';
import { stageLabel } from './stages.ts';
import { isCursorTimestamp } from '../../lib/cursor-time.ts';

interface ListRow {
  id: string;
  application_no: string;
  service_name: string;
  stages: ServiceStage[];
  stage: string;
  stage_changed_at: string;
  created_at: string;
  created_key: string;
  next_due_at: string | null;
  overdue: boolean;
  cancel_requested: boolean;
  name: string;
  email: string | null;
  phone: string | null;
  fee_minor: number | null;
  currency: string;
}

/** A page of applications: `where` on the applications table, at most `limit` rows. */
const listPage = namedQuery<ListRow>()({
  name: 'applications.list.page',
  columns: [
    'id',
    'application_no',
    'service_name',
    'stages',
    'stage',
    'stage_changed_at',
    'created_at',
    'created_key',
    'next_due_at',
    'overdue',
    'cancel_requested',
    'name',
    'email',
    'phone',
    'fee_minor',
    'currency',
  ],
  example: { where: sql`customer_id = ${1}`, limit: 100 },
  build: ({ where, limit }: { where: SQL; limit: number }) => sql`
  select id, application_no, service_name, stages, stage, name, email, phone, fee_minor, currency,
         ${isoSql(sql`stage_changed_at`)} as stage_changed_at, ${isoSql(sql`created_at`)} as created_at,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, ${isoSql(sql`next_due_at`)} as next_due_at,
         coalesce(next_due_at < now(), false) as overdue,
         cancel_requested_at is not null as cancel_requested
    from applications where ${where}
   order by created_at desc, id desc limit ${limit}`,
});

const toRow = (r: ListRow): ApplicationRow => ({
  id: r.id,
  application_no: r.application_no,
  service_name: r.service_name,
  stage: r.stage,
  stage_label: stageLabel(r.stages, r.stage),
  stage_changed_at: r.stage_changed_at,
  created_at: r.created_at,
  next_due_at: r.next_due_at,
  fee: r.fee_minor === null ? null : money(r.fee_minor, r.currency),
});

/** The signed-in customer's applications, newest first (at most 100). */
export async function myApplications(db: Db, customerId: number): Promise<ApplicationRow[]> {
  const rows = await listPage(db, { where: sql`customer_id = ${customerId}`, limit: 100 });
  return rows.map(toRow);
}

export const ADMIN_APPLICATIONS_PAGE = 30;

const CursorSchema = z.tuple([z.string().max(60).refine(isCursorTimestamp), z.string().min(1).max(64)]);

function readCursor(cursor: string): [string, string] {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new HttpError(422, messages.fallback, { cursor: [messages.fallback] });
  }
}

/**
 * The owner's inbox: newest first, keyset pages of ADMIN_APPLICATIONS_PAGE, filtered by service
 * (product id), stage, and overdue (past the expected date of the next stage).
 */
export async function adminApplications(
  db: Db,
  q: {
    service?: string | undefined;
    stage?: string | undefined;
    overdue?: boolean | undefined;
    cursor?: string | undefined;
  },
) {
  const where: SQL[] = [sql`true`];
  if (q.service) where.push(sql`product_id = ${q.service}`);
  if (q.stage) where.push(sql`stage = ${q.stage}`);
  if (q.overdue === true) where.push(sql`next_due_at < now()`);
  if (q.overdue === false) where.push(sql`(next_due_at is null or next_due_at >= now())`);
  if (q.cursor) {
    const [at, id] = readCursor(q.cursor);
    where.push(sql`(created_at, id) < (${at}::timestamptz, ${id})`);
  }
  const rows = await listPage(db, { where: sql.join(where, sql` and `), limit: ADMIN_APPLICATIONS_PAGE + 1 });
  const page = rows.slice(0, ADMIN_APPLICATIONS_PAGE);
  const last = page.at(-1);
  return {
    applications: page.map((r) => ({
      ...toRow(r),
      name: r.name,
      email: r.email,
      phone: r.phone,
      overdue: r.overdue,
      cancel_requested: r.cancel_requested,
    })),
    next_cursor:
      rows.length > ADMIN_APPLICATIONS_PAGE && last
        ? Buffer.from(JSON.stringify([last.created_key, last.id])).toString('base64url')
        : null,
  };
}

const inboxServices = namedQuery<{ id: string; name: string; stages: ServiceStage[] }>()({
  name: 'applications.list.services',
  columns: ['id', 'name', 'stages'],
  example: {},
  build: () =>
    sql`select p.id, p.name, s.stages from products p join service_details s on s.product_id = p.id
         where p.archived_at is null order by p.name, p.id`,
});

/** The services the inbox filters by (not archived), by name, each with its own stages. */
export async function adminApplicationServices(db: Db) {
  const rows = await inboxServices(db, {});
  return {
    services: rows.map((r) => ({ id: r.id, name: r.name, stages: r.stages.map(({ key, label }) => ({ key, label })) })),
  };
}
