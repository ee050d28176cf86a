// A throwaway PostgreSQL cluster for tests and benchmarks: a temp directory, initdb, trust auth,
// 127.0.0.1 only on a free port, the unix socket inside the temp directory, fsync off. stop()
// is synchronous and idempotent, so it also runs from an 'exit' handler; the directory always goes.
import { spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';

/** The newest /usr/lib/postgresql/<ver>/bin holding initdb and pg_ctl, or null. */
export function findPgBinDir() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => /^\d+(\.\d+)?$/.test(v))
    .filter(
      (v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')) && existsSync(path.join(PG_ROOT, v, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Runs a PostgreSQL binary: as the `postgres` user when we are root (initdb refuses root). */
function pgExec(bin, args, { cwd, timeoutMs }) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
  if (res.error) return { ok: false, out: `${out}\n${res.error.message}`.trim() };
  return { ok: res.status === 0, out };
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts a cluster and resolves { url, port, dir, version, stop }. `url` is an admin URL
 * (postgres://postgres@127.0.0.1:PORT/postgres). Throws with initdb's / the server log's words.
 */
export async function startCluster({ log = (line) => console.log(line) } = {}) {
  const binDir = findPgBinDir();
  if (!binDir) throw new Error(`no PostgreSQL server binaries under ${PG_ROOT}/*/bin (apt-get install postgresql)`);
  const version = path.basename(path.dirname(binDir));
  const ids = isRoot() ? postgresIds() : null;
  if (isRoot() && !ids) throw new Error('running as root but there is no `postgres` user to run the server as');

  // The postgres user must reach the directory, so as root it lives under /tmp, not $TMPDIR.
  const dir = mkdtempSync(path.join(isRoot() ? '/tmp' : os.tmpdir(), 'shopfront-pg-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  let started = false;
  let stopped = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    if (started) {
      const res = pgExec(path.join(binDir, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'fast', '-w', '-t', '30'], {
        cwd: dir,
        timeoutMs: 45_000,
      });
      if (!res.ok) {
        // Last resort: the postmaster's PID is the first line of postmaster.pid.
        try {
          const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
          if (pid > 0) process.kill(pid, 'SIGKILL');
        } catch {
          // Not running.
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stop);

  try {
    if (ids) chownSync(dir, ids.uid, ids.gid);
    const init = pgExec(
      path.join(binDir, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        'postgres',
        '-A',
        'trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
        '--no-instructions',
      ],
      { cwd: dir, timeoutMs: 120_000 },
    );
    if (!init.ok) throw new Error(`initdb failed:\n${init.out}`);
    appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# throwaway test cluster (scripts/lib/pg-cluster.mjs)',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        '',
      ].join('\n'),
    );

    // A port picked free can be taken before the server binds it: try a few.
    let lastErr = '';
    for (let attempt = 1; attempt <= 3 && !started; attempt++) {
      const port = await freePort();
      const res = pgExec(
        path.join(binDir, 'pg_ctl'),
        ['-D', dataDir, '-l', logFile, '-o', `-p ${port}`, '-w', '-t', '60', 'start'],
        { cwd: dir, timeoutMs: 90_000 },
      );
      if (res.ok) {
        started = true;
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        log(`PostgreSQL ${version} up on 127.0.0.1:${port} (data in ${dataDir})`);
        return { url, port, dir, version, stop };
      }
      // pg_ctl may have left a half-started server; make sure it is gone before retrying.
      pgExec(path.join(binDir, 'pg_ctl'), ['-D', dataDir, 'stop', '-m', 'immediate', '-w', '-t', '10'], {
        cwd: dir,
        timeoutMs: 20_000,
      });
      lastErr = `${res.out}\n${tail(logFile)}`.trim();
    }
    throw new Error(`pg_ctl start failed:\n${lastErr}`);
  } catch (err) {
    stop();
    throw err;
  }
}
