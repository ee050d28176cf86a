import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CART_EXPIRE_DAYS } from '@shopfront/shared';
import { settingNumber } from '../settings/service.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { SESSION_ABSOLUTE_MS } from '../../lib/session.ts';
import { DEVICE_TTL_MS } from '../auth/known-device.ts';
import type { DocumentStorage } from '../applications/files.ts';
import { cancelStaleApplications } from '../applications/stale.ts';
import { notEndedSql } from '../applications/stages.ts';

/**
 * How long the shop keeps data that only serves security or delivery. The README's "Data
 * retention" section lists the same periods; change both together.
 */
export const RETENTION = {
  /** Sign-in attempts, listed on the account's security page. */
  accessLogDays: 90,
  /** OTP codes and password-reset tokens, counted from their expiry (used or not). */
  spentCodeDays: 1,
  /** Outbox messages never delivered (failed, or held with no transport): they hold codes and links. */
  undeliveredMessageDays: 7,
  /** Delivered outbox messages: their text is removed at delivery; the row is a record of the send. */
  sentMessageDays: 30,
  /** Background jobs done: kept a week for questions like "did the reminder go out?". */
  doneJobDays: 7,
  /** Background jobs that failed for good: longer, so an operator can find out why. */
  failedJobDays: 30,
  /** Guest carts idle this long, unless the cart_expire_days setting says otherwise. */
  guestCartDays: DEFAULT_CART_EXPIRE_DAYS,
  /** Guest carts merged into a customer's at login: kept a week, then nothing refers to them. */
  mergedCartDays: 7,
  /** Staff sessions (ADR 26), counted from their expiry or sign-out: a month of "who was signed in from where". */
  staffSessionDays: 30,
  /** Admin Panel link tokens (10 minutes, good once), counted from their expiry, used or not. */
  adminLinkTokenDays: 1,
  /** ShopAnalytics events (first-party statistics): 13 months, a year compared with the one before. */
  shopStatsDays: 395,
  /**
   * Documents of an application that ended (completed, rejected or cancelled): a year after it
   * ended, for questions and a late correction; the application, its answers and thread stay.
   */
  endedApplicationDocumentDays: 365,
  /**
   * An application awaiting its fee (never paid, or a quote never taken up) untouched this long is
   * cancelled (applications/stale.ts), its unpaid fee order closed; its documents then go by the rule above.
   */
  unpaidFeeApplicationDays: 60,
  /** An application whose quote was asked for and never given, untouched this long, is cancelled too. */
  unquotedApplicationDays: 60,
} as const;

/** How often the shop runs the pruning statements (the retention-sweep job). */
export const RETENTION_EVERY_MS = 10 * 60_000;

/** Rows removed by one statement: small enough never to hold locks or bloat WAL for long. */
const BATCH = 1000;

const daysAgo = (days: number) => sql`now() - ${days} * interval '1 day'`;

/**
 * Deletes `table` rows matching `where`, BATCH rows a statement, until none are left. SKIP LOCKED
 * lets several processes prune at once without waiting on each other or deleting twice.
 */
const deleteBatch = namedQuery<{ n: number }>()({
  name: 'maintenance.delete-batch',
  columns: ['n'],
  example: { table: 'otp_codes', key: 'id', where: sql`expires_at < now()` as SQL },
  build: (p: { table: string; key: string; where: SQL }) => {
    const t = sql.identifier(p.table);
    const k = sql.identifier(p.key);
    return sql`with gone as (
            delete from ${t} where ${k} in (select ${k} from ${t} where ${p.where} limit ${BATCH} for update skip locked)
            returning 1)
          select count(*)::int as n from gone`;
  },
});

async function deleteInBatches(db: Db, table: string, key: string, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await deleteBatch(db, { table, key, where });
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

export type RetentionReport = Record<
  | 'accessLogs'
  | 'otpCodes'
  | 'passwordResets'
  | 'undeliveredMessages'
  | 'sentMessages'
  | 'rateLimits'
  | 'sessions'
  | 'throttleCounters'
  | 'knownDevices'
  | 'idempotencyKeys'
  | 'doneJobs'
  | 'failedJobs'
  | 'guestCarts'
  | 'mergedCarts'
  | 'staffSessions'
  | 'adminLinkTokens'
  | 'shopStats',
  number
>;

/**
 * Removes what is past its retention (RETENTION), one short statement at a time, and answers how
 * many rows went from each table. A plain function: the retention-sweep job calls it.
 */
export async function pruneExpiredData(db: Db): Promise<RetentionReport> {
  return {
    accessLogs: await deleteInBatches(db, 'access_logs', 'id', sql`created_at < ${daysAgo(RETENTION.accessLogDays)}`),
    // A code's send window (otp.ts) ends long before this, so no resend allowance is reset early.
    otpCodes: await deleteInBatches(db, 'otp_codes', 'id', sql`expires_at < ${daysAgo(RETENTION.spentCodeDays)}`),
    passwordResets: await deleteInBatches(
      db,
      'password_resets',
      'id',
      sql`expires_at < ${daysAgo(RETENTION.spentCodeDays)}`,
    ),
    undeliveredMessages: await deleteInBatches(
      db,
      'outbox_messages',
      'id',
      sql`status in ('failed', 'stored') and created_at < ${daysAgo(RETENTION.undeliveredMessageDays)}`,
    ),
    sentMessages: await deleteInBatches(
      db,
      'outbox_messages',
      'id',
      sql`status = 'sent' and created_at < ${daysAgo(RETENTION.sentMessageDays)}`,
    ),
    rateLimits: await deleteInBatches(db, 'rate_limits', 'key', sql`reset_at <= now()`),
    sessions: await deleteInBatches(
      db,
      'sessions',
      'id',
      sql`expires_at <= now() or created_at <= now() - ${SESSION_ABSOLUTE_MS} * interval '1 millisecond'`,
    ),
    // Composite keys: the row's physical id picks the batch.
    throttleCounters: await deleteInBatches(
      db,
      'throttle_counters',
      'ctid',
      sql`resets_at <= now() and next_try_at <= now()`,
    ),
    // Customers' and staff's devices alike (one cookie, ADR 14 and 26).
    knownDevices:
      (await deleteInBatches(
        db,
        'known_devices',
        'ctid',
        sql`last_seen_at < now() - ${DEVICE_TTL_MS} * interval '1 millisecond'`,
      )) +
      (await deleteInBatches(
        db,
        'staff_known_devices',
        'ctid',
        sql`last_seen_at < now() - ${DEVICE_TTL_MS} * interval '1 millisecond'`,
      )),
    // Past expiry a key is ignored (and may be claimed again); nothing replays it any more.
    idempotencyKeys: await deleteInBatches(db, 'idempotency_keys', 'ctid', sql`expires_at <= now()`),
    doneJobs: await deleteInBatches(
      db,
      'jobs',
      'id',
      sql`status = 'done' and finished_at < ${daysAgo(RETENTION.doneJobDays)}`,
    ),
    failedJobs: await deleteInBatches(
      db,
      'jobs',
      'id',
      sql`status = 'failed' and finished_at < ${daysAgo(RETENTION.failedJobDays)}`,
    ),
    // A guest cart nobody touched for cart_expire_days (its lines go with it). Customers' carts stay.
    guestCarts: await deleteInBatches(
      db,
      'carts',
      'id',
      sql`customer_id is null and status = 'active' and updated_at < now() - coalesce(
            round(${settingNumber('cart_expire_days', 1, 365)}), ${RETENTION.guestCartDays}) * interval '1 day'`,
    ),
    mergedCarts: await deleteInBatches(
      db,
      'carts',
      'id',
      sql`status = 'merged' and updated_at < ${daysAgo(RETENTION.mergedCartDays)}`,
    ),
    staffSessions: await deleteInBatches(
      db,
      'staff_sessions',
      'token_hash',
      sql`expires_at < ${daysAgo(RETENTION.staffSessionDays)} or revoked_at < ${daysAgo(RETENTION.staffSessionDays)}`,
    ),
    // A token is used, if at all, before it expires: its expiry dates both kinds.
    adminLinkTokens: await deleteInBatches(
      db,
      'admin_link_tokens',
      'token_hash',
      sql`expires_at < ${daysAgo(RETENTION.adminLinkTokenDays)}`,
    ),
    shopStats: await deleteInBatches(
      db,
      'shop_analytics_events',
      'id',
      sql`created_at < ${daysAgo(RETENTION.shopStatsDays)}`,
    ),
  };
}

/** A batch of the documents of applications ended more than RETENTION.endedApplicationDocumentDays ago. */
const endedApplicationDocuments = namedQuery<{ id: number; path: string }>()({
  name: 'maintenance.ended-application-documents',
  columns: ['id', 'path'],
  example: {},
  build: () =>
    sql`select d.id, d.path from application_documents d
         where d.application_id in (
           select a.id from applications a
            where not ${notEndedSql} and a.stage_changed_at < ${daysAgo(RETENTION.endedApplicationDocumentDays)})
         order by d.id limit ${BATCH}`,
});

const deleteDocuments = namedQuery<{ n: number }>()({
  name: 'maintenance.delete-documents',
  columns: ['n'],
  example: { ids: [1, 2] },
  build: ({ ids }: { ids: number[] }) =>
    sql`with gone as (
          delete from application_documents where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) returning 1)
        select count(*)::int as n from gone`,
});

/**
 * Deletes the documents of applications that ended more than RETENTION.endedApplicationDocumentDays
 * ago, BATCH at a time: the files first (outside any transaction: the bucket may be a network
 * away), then their rows. A removal that throws leaves the rows for the next sweep; a row whose
 * file went but whose delete failed answers "no longer stored" until the next sweep takes it.
 * Two processes sweeping at once remove the same files twice, harmlessly. Answers how many went.
 */
export async function pruneEndedApplicationDocuments(
  db: Db,
  storage: Pick<DocumentStorage, 'remove'>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await endedApplicationDocuments(db, {});
    if (due.length === 0) return total;
    await storage.remove(due.map((d) => d.path));
    const [gone] = await deleteDocuments(db, { ids: due.map((d) => d.id) });
    total += Number(gone?.n ?? 0);
    if (due.length < BATCH) return total;
  }
}

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Runs pruneExpiredData, cancelStaleApplications and pruneEndedApplicationDocuments; recurring, every RETENTION_EVERY_MS. */
    'retention-sweep': Record<string, never>;
  }
}

/**
 * Registers the retention sweep: a recurring job, so one run every RETENTION_EVERY_MS serves the
 * whole shop, however many processes it has (a run in each would be safe, but needless).
 */
export const retentionPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.register('retention-sweep', {
      payload: z.strictObject({}),
      async handle(_payload, ctx) {
        const pruned = {
          ...(await pruneExpiredData(ctx.db)),
          // Before the documents: an application cancelled here is an ended one from now on.
          staleApplications: await cancelStaleApplications(app, ctx.db, {
            awaitingPaymentDays: RETENTION.unpaidFeeApplicationDays,
            quoteRequestedDays: RETENTION.unquotedApplicationDays,
          }),
          applicationDocuments: await pruneEndedApplicationDocuments(ctx.db, app.media.documents),
        };
        if (Object.values(pruned).some((n) => n > 0)) ctx.log.info({ pruned }, 'retention: pruned expired data');
      },
      repeat: { everyMs: RETENTION_EVERY_MS, payload: {} },
    });
  },
  { name: 'shopfront-retention', dependencies: ['shopfront-jobs'] },
);
