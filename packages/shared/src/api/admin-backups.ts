import type {
  BackupListSchema,
  BackupNameParamsSchema,
  BackupScheduleSchema,
  BackupStartedSchema,
} from '../schemas/admin-backups.ts';
import type { NullDataSchema } from '../schemas/base.ts';
import { endpoint } from './endpoint.ts';

/** Backups (issue 29), area `backups`: owners only; 403 for every other role. */
export const adminBackupsApi = {
  /** The backups in BACKUP_DIR, newest first, the schedule and the newest backup job. */
  list: endpoint<{ data: typeof BackupListSchema }>('GET', '/api/admin/backups'),
  /** Takes a backup now, as a job: 202 with its id; 409 while one is queued or running. */
  create: endpoint<{ data: typeof BackupStartedSchema }>('POST', '/api/admin/backups'),
  /** The backup as one .tar.gz (not JSON). */
  download: endpoint<{ params: typeof BackupNameParamsSchema; data: never }>(
    'GET',
    '/api/admin/backups/:name/download',
  ),
  remove: endpoint<{ params: typeof BackupNameParamsSchema; data: typeof NullDataSchema }>(
    'DELETE',
    '/api/admin/backups/:name',
  ),
  schedule: endpoint<{ body: typeof BackupScheduleSchema; data: typeof BackupScheduleSchema }>(
    'PUT',
    '/api/admin/backups/schedule',
  ),
} as const;
