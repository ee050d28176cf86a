import { z } from '../zod.ts';

/**
 * Backups from the panel (issue 29), area `backups`: owners only (a backup holds every customer's
 * data). A backup is a folder `backup-<UTC time>/` in BACKUP_DIR (manifest, tables, media) as
 * `npm run backup` writes; the panel lists them, takes one now (a job), downloads one as a
 * .tar.gz, deletes one, and sets the schedule (off, daily, weekly) with how many to keep.
 */
export const backupMessages = {
  started: 'Backing up: this takes a moment',
  running: 'A backup is already running',
  deleted: 'Backup deleted',
  notFound: 'There is no such backup (it may have been deleted)',
  scheduleSaved: 'Backup schedule saved',
  schedule: 'Choose off, daily or weekly',
  keep: 'Keep from 1 to 60 backups',
} as const;

/** A backup folder's name: `backup-2026-11-30T02-08-14Z`, as createBackup names it. */
export const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z(?:-\d{1,3})?$/;

export const BACKUP_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type BackupScheduleKind = (typeof BACKUP_SCHEDULES)[number];
export const BACKUP_KEEP_MIN = 1;
export const BACKUP_KEEP_MAX = 60;
export const BACKUP_KEEP_DEFAULT = 7;

/** PUT /api/admin/backups/schedule. */
export const BackupScheduleSchema = z.strictObject({
  schedule: z.enum(BACKUP_SCHEDULES, { error: backupMessages.schedule }),
  keep: z
    .number({ error: backupMessages.keep })
    .int({ error: backupMessages.keep })
    .min(BACKUP_KEEP_MIN, { error: backupMessages.keep })
    .max(BACKUP_KEEP_MAX, { error: backupMessages.keep }),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

/** Any string: a name that is not exactly an existing backup's is a 404, not a 422. */
export const BackupNameParamsSchema = z.object({ name: z.string() });

/** One backup, from its manifest. */
export const BackupSchema = z.object({
  name: z.string(),
  created_at: z.string(),
  /** Bytes on disk: the tables, the media, the documents and the manifest. */
  size: z.number().int(),
  tables: z.number().int(),
  rows: z.number().int(),
  media: z.number().int(),
  /** The applications' uploaded documents (0 in a backup taken before they were included). */
  documents: z.number().int(),
  /** The newest migration of the backed-up database. */
  migration: z.string(),
  /** Taken by the schedule (and pruned by its keep count); false: taken from the panel or `npm run backup`, kept until deleted. */
  scheduled: z.boolean(),
});
export type Backup = z.infer<typeof BackupSchema>;

/** The newest backup job (taken now or by the schedule): its state and, when it failed, why. */
export const BackupJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  scheduled: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type BackupJob = z.infer<typeof BackupJobSchema>;

/** GET /api/admin/backups. */
export const BackupListSchema = z.object({
  backups: z.array(BackupSchema),
  schedule: BackupScheduleSchema,
  job: BackupJobSchema.nullable(),
});
export type BackupList = z.infer<typeof BackupListSchema>;

/** POST /api/admin/backups (202): the queued job. */
export const BackupStartedSchema = z.object({ job_id: z.number().int() });
