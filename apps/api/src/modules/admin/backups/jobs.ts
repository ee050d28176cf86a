import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { backupMessages, type BackupJob } from '@shopfront/shared';
import type { Database, Db } from '../../../db/client.ts';
import { jobs } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http.ts';
import type { DocumentStorage } from '../../applications/files.ts';
import { createBackup } from '../../backup/backup.ts';
import type { Jobs } from '../../jobs/plugin.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';
import { pruneBackups } from './folder.ts';
import { getSchedule, lastPeriod, markPeriodDone, periodOf } from './schedule.ts';

declare module '../../jobs/registry.ts' {
  interface JobPayloads {
    /** Takes a backup into BACKUP_DIR; `period` set: the schedule's, which then prunes to its keep count. */
    backup: { period: string | null };
    /** Recurring: queues the schedule's backup when its period (day or week) has none yet. */
    'backup-schedule': Record<string, never>;
  }
}

/** One backup job queued or running at a time, for the whole shop (the queue's unique dedupe key). */
const BACKUP_KEY = 'backup';
/** How often the schedule looks whether its day's or week's backup is due. */
const SCHEDULE_EVERY_MS = 15 * 60_000;

type Enqueue = Pick<Jobs, 'enqueue'>;

/**
 * Queues a backup now and audits it, in one transaction. The queue's unique index on
 * (kind, dedupe key) among pending and running jobs decides between concurrent callers: the
 * second insert does nothing and gets 409.
 */
export async function startBackup(db: Db, queue: Enqueue, actor: AuditActor, ip: string | null): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await queue.enqueue(tx, {
      kind: 'backup',
      payload: { period: null },
      dedupeKey: BACKUP_KEY,
      maxAttempts: 1,
    });
    if (id === null) throw new HttpError(409, backupMessages.running);
    await recordAudit(tx, { staff: actor, action: 'backup.create', target: `job:${id}`, ip });
    return id;
  });
}

/**
 * The schedule's tick: queues the backup of `now`'s period unless the schedule is off, that
 * period's backup is taken, or a backup is queued or running (the next tick looks again).
 * Answers the queued job's id or null.
 */
export async function queueScheduledBackup(db: Db, queue: Enqueue, now = new Date()): Promise<number | null> {
  const { schedule } = await getSchedule(db);
  const period = periodOf(schedule, now);
  if (!period || (await lastPeriod(db)) === period) return null;
  return queue.enqueue(db, { kind: 'backup', payload: { period }, dedupeKey: BACKUP_KEY, maxAttempts: 1 });
}

/**
 * Takes the backup. A scheduled one whose period is already done does nothing (a run repeated
 * after its lease ran out), and after its backup it deletes the oldest beyond the keep count.
 */
export async function runBackupJob(
  database: Database,
  dirs: { mediaDir: string; backupDir: string; bucketMedia?: MediaStorage; documents: DocumentStorage },
  period: string | null,
): Promise<{ dir: string | null; pruned: string[]; ms: number; dbMs: number }> {
  const db = database.db;
  if (period && (await lastPeriod(db)) === period) return { dir: null, pruned: [], ms: 0, dbMs: 0 };
  const result = await createBackup(database, {
    mediaDir: dirs.mediaDir,
    bucketMedia: dirs.bucketMedia,
    documents: dirs.documents,
    outDir: dirs.backupDir,
    scheduled: Boolean(period),
  });
  const taken = { dir: result.dir, ms: result.ms, dbMs: result.dbMs };
  if (!period) return { ...taken, pruned: [] };
  await markPeriodDone(db, period);
  const { keep } = await getSchedule(db);
  return { ...taken, pruned: await pruneBackups(dirs.backupDir, keep) };
}

/** The newest backup job, for the panel's progress and last result. */
export async function latestBackupJob(db: Db): Promise<BackupJob | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, 'backup'))
    .orderBy(desc(jobs.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    scheduled: Boolean((row.payload as { period?: string | null }).period),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.lastError,
  };
}

/** Registers the backup job and the schedule's recurring tick. */
export async function backupJobsPlugin(app: FastifyInstance) {
  const dirs = {
    mediaDir: path.join(app.env.DATA_DIR, 'media'),
    backupDir: app.env.BACKUP_DIR,
    documents: app.media.documents,
    ...(app.media.bucket ? { bucketMedia: app.media.storage } : {}),
  };
  app.jobs.register('backup', {
    payload: z.strictObject({ period: z.string().nullable() }),
    async handle({ period }, ctx) {
      const r = await runBackupJob(app.database, dirs, period);
      if (r.dir) ctx.log.info({ dir: r.dir, ms: r.ms, db_ms: r.dbMs, pruned: r.pruned }, 'backup: taken');
    },
  });
  app.jobs.register('backup-schedule', {
    payload: z.strictObject({}),
    async handle(_payload, ctx) {
      await queueScheduledBackup(ctx.db, app.jobs);
    },
    repeat: { everyMs: SCHEDULE_EVERY_MS, payload: {} },
  });
}
