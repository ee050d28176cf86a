import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import { extract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupMessages, type BackupList, type StaffRoleName } from '@shopfront/shared';
import { auditLog } from '../../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signedInOwner } from '../../staff/testing.ts';
import { backupNames } from './folder.ts';
import { createBackup } from '../../backup/backup.ts';
import { queueScheduledBackup } from './jobs.ts';

let t: TestApp;
let owner: Record<string, string>;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
  dir = t.app.env.BACKUP_DIR;
});
afterAll(() => t.close());

const list = async (): Promise<BackupList> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: owner });
  expect(res.statusCode).toBe(200);
  return res.json().data as BackupList;
};

/** Runs due jobs until the newest backup job has finished; answers the list then. */
async function untilFinished(): Promise<BackupList> {
  for (let i = 0; i < 200; i++) {
    await t.app.jobs.runDue();
    const l = await list();
    if (l.job && (l.job.status === 'done' || l.job.status === 'failed')) return l;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the backup job did not finish');
}

/** The file names inside a .tar.gz. */
async function tarNames(body: Buffer): Promise<string[]> {
  const names: string[] = [];
  const ex = extract();
  ex.on('entry', (header, stream, next) => {
    names.push(header.name);
    stream.on('end', next);
    stream.resume();
  });
  await new Promise<void>((resolve, reject) => {
    ex.on('finish', resolve);
    ex.on('error', reject);
    Readable.from(body).pipe(createGunzip()).pipe(ex);
  });
  return names;
}

const routes = (name: string) => [
  { method: 'GET' as const, url: '/api/admin/backups' },
  { method: 'POST' as const, url: '/api/admin/backups' },
  { method: 'GET' as const, url: `/api/admin/backups/${name}/download` },
  { method: 'DELETE' as const, url: `/api/admin/backups/${name}` },
  { method: 'PUT' as const, url: '/api/admin/backups/schedule', payload: { schedule: 'daily', keep: 3 } },
];

describe('backups from the panel', () => {
  it('answers 401 signed out and 403 to a manager, a packer and a content editor', async () => {
    for (const r of routes('backup-2026-01-01T00-00-00Z')) {
      expect((await t.app.inject(r)).statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    for (const role of ['manager', 'packer', 'content_editor'] satisfies StaffRoleName[]) {
      const { headers } = await signedInOwner(t, role);
      for (const r of routes('backup-2026-01-01T00-00-00Z')) {
        const res = await t.app.inject({ ...r, headers });
        expect([role, r.method, r.url, res.statusCode]).toEqual([role, r.method, r.url, 403]);
      }
    }
    expect(await backupNames(dir)).toEqual([]);
  });

  it('takes one backup for concurrent callers (409 for the others), lists it, and audits it', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: owner })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([202, 409, 409, 409, 409]);
    const started = answers.find((a) => a.statusCode === 202)!.json();
    expect(started.message).toBe(backupMessages.started);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(backupMessages.running);

    const l = await untilFinished();
    expect(l.job).toMatchObject({ id: started.data.job_id, status: 'done', scheduled: false, error: null });
    expect(l.backups).toHaveLength(1);
    const b = l.backups[0]!;
    expect(b.name).toMatch(/^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect(b.tables).toBeGreaterThan(20);
    expect(b.rows).toBeGreaterThan(100);
    expect(b.media).toBeGreaterThan(0);
    expect(b.size).toBeGreaterThan(1000);
    expect(b.migration).toMatch(/^\d{4}_/);
    const ms = new Date(l.job!.finished_at!).getTime() - new Date(l.job!.created_at).getTime();
    console.info(`backup of the demo shop through the running app (${t.database.dialect}): ${ms} ms`);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backup.create'));
    expect(audit.map((a) => a.target)).toEqual([`job:${started.data.job_id}`]);

    // Finished: another may be taken.
    const again = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: owner });
    expect(again.statusCode).toBe(202);
    expect((await untilFinished()).job?.status).toBe('done');
  });

  it('downloads a backup as a .tar.gz holding its manifest, not stored by caches', async () => {
    const [b] = (await list()).backups;
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/backups/${b!.name}/download`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${b!.name}.tar.gz"`);
    const names = await tarNames(res.rawPayload);
    expect(names).toContain(`${b!.name}/manifest.json`);
    expect(names).toContain(`${b!.name}/tables/orders.jsonl.gz`);
    expect(names.length).toBe(1 + b!.tables + b!.media + b!.documents);
  });

  it('answers 404 to any name that is not exactly an existing backup (no path traversal)', async () => {
    const [b] = (await list()).backups;
    mkdirSync(path.join(dir, 'backup-2020-01-01T00-00-00Z.partial'), { recursive: true });
    const bad = [
      '..',
      '%2e%2e',
      '%2E%2E%2F%2E%2E',
      `..%2F${b!.name}`,
      `${b!.name}%2F..`,
      `${b!.name}%2F..%2F..%2Fetc`,
      `${b!.name}.partial`,
      'backup-2020-01-01T00-00-00Z.partial',
      'backup-2020-01-01T00-00-00Z',
      `${b!.name}x`,
      encodeURIComponent(`../${b!.name}`),
      '%252e%252e',
    ];
    for (const name of bad) {
      for (const method of ['GET', 'DELETE'] as const) {
        const url = method === 'GET' ? `/api/admin/backups/${name}/download` : `/api/admin/backups/${name}`;
        const res = await t.app.inject({ method, url, headers: owner });
        expect([method, name, res.statusCode]).toEqual([method, name, 404]);
      }
    }
    expect(existsSync(path.join(dir, 'backup-2020-01-01T00-00-00Z.partial'))).toBe(true);
    expect((await list()).backups).toHaveLength(2);
  });

  it('deletes a backup (audited); then it is gone and 404', async () => {
    const [b] = (await list()).backups;
    // Downloading it is audited too: a copy of every customer's data left the shop.
    const downloads = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'backup.download'), eq(auditLog.target, `backup:${b!.name}`)))
      ).length;
    const before = await downloads();
    const got = await t.app.inject({ method: 'GET', url: `/api/admin/backups/${b!.name}/download`, headers: owner });
    expect(got.statusCode).toBe(200);
    expect(await downloads()).toBe(before + 1);
    const url = `/api/admin/backups/${b!.name}`;
    const res = await t.app.inject({ method: 'DELETE', url, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(backupMessages.deleted);
    expect((await list()).backups.map((x) => x.name)).not.toContain(b!.name);
    expect((await t.app.inject({ method: 'DELETE', url, headers: owner })).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.delete'));
    expect(audit.map((a) => a.target)).toEqual([`backup:${b!.name}`]);
  });

  it('sets the schedule with field errors for a bad keep or schedule, audited', async () => {
    expect((await list()).schedule).toEqual({ schedule: 'off', keep: 7 });
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/backups/schedule', headers: owner, payload });
    const zero = await put({ schedule: 'daily', keep: 0 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.keep).toEqual([backupMessages.keep]);
    expect((await put({ schedule: 'daily', keep: 61 })).json().errors.keep).toEqual([backupMessages.keep]);
    expect((await put({ schedule: 'daily', keep: 2.5 })).json().errors.keep).toEqual([backupMessages.keep]);
    const hourly = await put({ schedule: 'hourly', keep: 3 });
    expect(hourly.statusCode).toBe(422);
    expect(hourly.json().errors.schedule).toEqual([backupMessages.schedule]);
    expect((await list()).schedule).toEqual({ schedule: 'off', keep: 7 });

    const saved = await put({ schedule: 'weekly', keep: 3 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ schedule: 'weekly', keep: 3 });
    expect((await list()).schedule).toEqual({ schedule: 'weekly', keep: 3 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.schedule'));
    expect(audit).toMatchObject({
      target: 'backups',
      before: { schedule: 'off', keep: 7 },
      after: { schedule: 'weekly', keep: 3 },
    });
  });

  it('the schedule takes one backup per period and prunes to the keep count', async () => {
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/backups/schedule', headers: owner, payload });
    expect((await put({ schedule: 'off', keep: 2 })).statusCode).toBe(200);
    const monday = new Date('2031-03-03T10:00:00Z');
    expect(await queueScheduledBackup(t.app.db, t.app.jobs, monday)).toBeNull();

    expect((await put({ schedule: 'weekly', keep: 2 })).statusCode).toBe(200);
    // Three old scheduled backups and one the owner took from the panel (an earlier test's).
    const mediaDir = path.join(t.app.env.DATA_DIR, 'media');
    for (const d of ['01', '02', '03']) {
      await createBackup(t.app.database, {
        mediaDir,
        documents: t.app.media.documents,
        outDir: dir,
        now: new Date(`2020-02-${d}T00:00:00Z`),
        scheduled: true,
      });
    }
    const before = await backupNames(dir);
    expect(before).toHaveLength(4);
    const manual = before[0]!;
    expect((await list()).backups.map((b) => [b.name, b.scheduled])).toEqual([
      [manual, false],
      ['backup-2020-02-03T00-00-00Z', true],
      ['backup-2020-02-02T00-00-00Z', true],
      ['backup-2020-02-01T00-00-00Z', true],
    ]);

    const id = await queueScheduledBackup(t.app.db, t.app.jobs, monday);
    expect(id).toBeTypeOf('number');
    // A second tick while it is queued: nothing more.
    expect(await queueScheduledBackup(t.app.db, t.app.jobs, monday)).toBeNull();
    const l = await untilFinished();
    expect(l.job).toMatchObject({ id, status: 'done', scheduled: true });
    // The two newest scheduled ones stay; the owner's own is never pruned.
    const after = await backupNames(dir);
    expect(after).toHaveLength(3);
    expect(after.slice(1)).toEqual([manual, 'backup-2020-02-03T00-00-00Z']);
    expect(l.backups[0]).toMatchObject({ name: after[0], scheduled: true });
    expect(existsSync(path.join(dir, 'backup-2020-01-01T00-00-00Z.partial'))).toBe(true);

    // The same week later on (Sunday evening): taken already.
    expect(await queueScheduledBackup(t.app.db, t.app.jobs, new Date('2031-03-09T23:00:00Z'))).toBeNull();
    // The next week: due again.
    const next = await queueScheduledBackup(t.app.db, t.app.jobs, new Date('2031-03-10T00:05:00Z'));
    expect(next).toBeTypeOf('number');
    expect((await untilFinished()).job?.status).toBe('done');
    const thenNames = await backupNames(dir);
    expect(thenNames).toHaveLength(3);
    expect(thenNames).toContain(manual);
    expect(thenNames).not.toContain('backup-2020-02-03T00-00-00Z');

    // Daily: a new period each UTC day.
    expect((await put({ schedule: 'daily', keep: 2 })).statusCode).toBe(200);
    expect(await queueScheduledBackup(t.app.db, t.app.jobs, new Date('2031-03-10T00:06:00Z'))).toBeTypeOf('number');
    expect((await untilFinished()).job?.status).toBe('done');
    expect(await queueScheduledBackup(t.app.db, t.app.jobs, new Date('2031-03-10T23:59:00Z'))).toBeNull();

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.action, ['backup.create']), eq(auditLog.target, `job:${id}`)));
    // Scheduled backups are the shop's own work: no owner to audit.
    expect(audits).toEqual([]);
  });

  it('two backups in the same second get two names, both whole, the later one listed first', async () => {
    const now = new Date('2031-04-01T08:00:00Z');
    const opts = { mediaDir: path.join(t.app.env.DATA_DIR, 'media'), documents: t.app.media.documents, outDir: dir, now };
    const [a, b] = await Promise.all([createBackup(t.app.database, opts), createBackup(t.app.database, opts)]);
    const names = [path.basename(a.dir), path.basename(b.dir)].sort();
    expect(names).toEqual(['backup-2031-04-01T08-00-00Z', 'backup-2031-04-01T08-00-00Z-2']);
    const listed = (await list()).backups.map((x) => x.name);
    expect(listed.slice(0, 2)).toEqual([names[1], names[0]]);
    for (const name of names) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/backups/${name}/download`, headers: owner });
      expect(res.statusCode).toBe(200);
      expect(await tarNames(res.rawPayload)).toContain(`${name}/manifest.json`);
    }
  });
});
