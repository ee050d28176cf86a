import { sql } from 'drizzle-orm';
import {
  BACKUP_KEEP_DEFAULT,
  BackupScheduleSchema,
  type BackupSchedule,
  type BackupScheduleKind,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';

/** Store settings rows of the schedule (not public settings: only this module reads them). */
const SCHEDULE_KEY = 'backup_schedule';
const KEEP_KEY = 'backup_keep';
/** The period (`daily:2026-11-30`, `weekly:2026-11-30`) whose scheduled backup was taken. */
const LAST_PERIOD_KEY = 'backup_last_period';

export const DEFAULT_SCHEDULE: BackupSchedule = { schedule: 'off', keep: BACKUP_KEEP_DEFAULT };

const settingRows = namedQuery<{ key: string; value: unknown }>()({
  name: 'admin.backups.settings',
  columns: ['key', 'value'],
  example: { keys: [SCHEDULE_KEY, KEEP_KEY] },
  build: (p: { keys: string[] }) =>
    sql`select key, value from store_settings where key in (${sql.join(
      p.keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
});

async function readSettings(db: Db, keys: string[]): Promise<Record<string, unknown>> {
  const rows = await settingRows(db, { keys });
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

const upsert = (db: Db, key: string, value: unknown) =>
  db.execute(
    sql`insert into store_settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value, updated_at = now()`,
  );

/** The schedule; the default (off, keep 7) for anything missing or unreadable. */
export async function getSchedule(db: Db): Promise<BackupSchedule> {
  const raw = await readSettings(db, [SCHEDULE_KEY, KEEP_KEY]);
  const parsed = BackupScheduleSchema.safeParse({
    schedule: raw[SCHEDULE_KEY] ?? DEFAULT_SCHEDULE.schedule,
    keep: raw[KEEP_KEY] ?? DEFAULT_SCHEDULE.keep,
  });
  return parsed.success ? parsed.data : DEFAULT_SCHEDULE;
}

/** Saves the schedule with an audit entry (before and after) in one transaction. */
export async function saveSchedule(
  db: Db,
  actor: AuditActor,
  next: BackupSchedule,
  ip: string | null,
): Promise<BackupSchedule> {
  return db.transaction(async (tx) => {
    const before = await getSchedule(tx);
    await upsert(tx, SCHEDULE_KEY, next.schedule);
    await upsert(tx, KEEP_KEY, next.keep);
    await recordAudit(tx, { staff: actor, action: 'backup.schedule', target: 'backups', before, after: next, ip });
    return next;
  });
}

/**
 * The schedule's period `now` falls in: the UTC day, or the ISO week (named by its Monday), or
 * null when the schedule is off. One scheduled backup is taken per period.
 */
export function periodOf(schedule: BackupScheduleKind, now: Date): string | null {
  if (schedule === 'off') return null;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (schedule === 'weekly') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return `${schedule}:${day.toISOString().slice(0, 10)}`;
}

/** The period whose scheduled backup was taken last. */
export async function lastPeriod(db: Db): Promise<string | null> {
  const raw = (await readSettings(db, [LAST_PERIOD_KEY]))[LAST_PERIOD_KEY];
  return typeof raw === 'string' ? raw : null;
}

/** Records that the scheduled backup of `period` is taken. */
export const markPeriodDone = (db: Db, period: string) => upsert(db, LAST_PERIOD_KEY, period);
