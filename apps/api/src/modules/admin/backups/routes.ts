import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BackupListSchema,
  BackupNameParamsSchema,
  BackupScheduleSchema,
  BackupStartedSchema,
  NullDataSchema,
  adminBackupsApi,
  backupMessages,
  envelope,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import { requireStaff } from '../auth.ts';
import { ownerRouteDoc } from '../if-match.ts';
import { archiveStream, backupPath, deleteBackup, listBackups } from './folder.ts';
import { latestBackupJob, startBackup } from './jobs.ts';
import { getSchedule, saveSchedule } from './schedule.ts';

/** Owners only: a backup holds every customer's data (docs/owner-roles.md). */
const doc = ownerRouteDoc('backups');

/** The panel's Backups screen (issue 29): the folders in BACKUP_DIR, taking one now, the schedule. */
export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = app.env.BACKUP_DIR;
  const actor = async (req: Parameters<typeof requireStaff>[0]) => {
    const m = await requireStaff(req);
    return { staff: { id: m.id, email: m.email }, ip: req.ip ?? null };
  };

  registerEndpoint(
    app,
    adminBackupsApi.list,
    {
      schemas: { data: BackupListSchema },
      ...doc(
        'The backups in BACKUP_DIR, newest first (name, created_at, size in bytes, tables, rows and media files from each manifest, migration), the schedule, and the newest backup job (pending, running, done or failed with its error)',
        [],
      ),
    },
    async () => {
      const [backups, schedule, job] = await Promise.all([
        listBackups(dir),
        getSchedule(app.db),
        latestBackupJob(app.db),
      ]);
      return ok({ backups, schedule, job });
    },
  );

  registerEndpoint(
    app,
    adminBackupsApi.create,
    {
      schemas: { data: BackupStartedSchema },
      ...doc(
        'Takes a backup now, through the running shop (the embedded database too): queued as a job, answered 202 with its id; GET /api/admin/backups shows its progress. 409 "A backup is already running" while one is queued or running',
        [409],
      ),
      responses: { 202: envelope(BackupStartedSchema) },
    },
    async (req, reply) => {
      const { staff, ip } = await actor(req);
      const id = await startBackup(app.db, app.jobs, staff, ip);
      return reply.code(202).send(ok({ job_id: id }, backupMessages.started));
    },
  );

  app.route({
    method: adminBackupsApi.download.method,
    url: adminBackupsApi.download.path,
    schema: {
      tags: ['admin'],
      summary: 'One backup as a .tar.gz (its folder backup-…/ inside). 404 for a name that is not an existing backup',
      params: BackupNameParamsSchema,
      response: { 200: z.any().describe('the archive') },
    },
    config: { staffArea: 'backups' },
    handler: async (req, reply) => {
      const { staff, ip } = await actor(req);
      const folder = await backupPath(dir, req.params.name);
      // A copy of every customer's data leaves the shop: the Activity log says who took it.
      await recordAudit(app.db, { staff, action: 'backup.download', target: `backup:${req.params.name}`, ip });
      return reply
        .type('application/gzip')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${req.params.name}.tar.gz"`)
        .send(archiveStream(folder));
    },
  });

  registerEndpoint(
    app,
    adminBackupsApi.remove,
    {
      schemas: { params: BackupNameParamsSchema, data: NullDataSchema },
      ...doc('Deletes one backup. 404 for a name that is not an existing backup', [404]),
    },
    async (req) => {
      const { staff, ip } = await actor(req);
      await deleteBackup(dir, req.params.name);
      await recordAudit(app.db, { staff, action: 'backup.delete', target: `backup:${req.params.name}`, ip });
      return ok(null, backupMessages.deleted);
    },
  );

  registerEndpoint(
    app,
    adminBackupsApi.schedule,
    {
      schemas: { body: BackupScheduleSchema, data: BackupScheduleSchema },
      ...doc(
        'Sets the schedule: schedule off, daily (one backup each UTC day) or weekly (each ISO week), keep 1–60 (after a scheduled backup, the oldest backups beyond it are deleted)',
        [422],
      ),
    },
    async (req) => {
      const { staff, ip } = await actor(req);
      return ok(await saveSchedule(app.db, staff, req.body, ip), backupMessages.scheduleSaved);
    },
  );
};
