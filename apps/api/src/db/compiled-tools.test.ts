import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

/**
 * The command-line tools as a production install runs them (issue 29): apps/api/dist/<tool>.js
 * with plain node, no tsx loaded. `npm test` builds before this phase; without a build (a lone
 * `vitest run` of this file) it is skipped, and says so.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const dist = path.join(repoRoot, 'apps/api/dist');
const built = ['db', 'backup', 'shop'].every((t) => existsSync(path.join(dist, `${t}.js`)));
const tmp = mkdtempSync(path.join(tmpdir(), 'shop-tools-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function tool(name: string, args: string[], dataDir: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(dist, `${name}.js`), ...args],
      {
        cwd: repoRoot,
        // No NODE_OPTIONS (no `--import tsx` inherited from the test runner).
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
        timeout: 120_000,
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

// On the PostgreSQL pass it would only repeat itself: the tools here use the embedded database.
describe.skipIf(!built || Boolean(process.env.TEST_DATABASE_URL))(
  'the compiled command-line tools (apps/api/dist, after npm run build)',
  () => {
    it('migrate a data folder, back it up and restore it into another, without a TypeScript compiler', async () => {
      const source = path.join(tmp, 'source');
      const migrated = await tool('db', ['migrate'], source);
      expect(migrated, migrated.stderr).toMatchObject({ code: 0, stdout: 'Migrations applied.\n' });

      const out = path.join(tmp, 'backups');
      const backup = await tool('backup', ['backup', '--out', out], source);
      expect(backup.code, backup.stderr).toBe(0);
      const [name] = readdirSync(out);
      expect(name).toMatch(/^backup-/);

      const target = path.join(tmp, 'target');
      const restored = await tool('backup', ['restore', path.join(out, name!)], target);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('Restored');
      const database = await openDatabase({ dataDir: target });
      try {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(row!.n).toBeGreaterThan(40);
      } finally {
        await database.close();
      }
    }, 240_000);

    it('the owner API client answers --help', async () => {
      const help = await tool('shop', ['--help'], tmp);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Run the shop from the command line');
    });
  },
);
