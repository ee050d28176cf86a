import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createBackup, type BackupResult } from './backup.ts';

/**
 * `npm run backup` beside a running shop on the embedded database (issue 29). PGlite is opened by
 * one process at a time, so the command cannot read the database itself while the shop runs: it
 * asks the shop to take the backup. The shop listens on a Unix socket in its data folder,
 * DATA_DIR/control.sock, mode 0600: only its own user, who can read the data folder (and so the
 * database) anyway, can connect; nothing listens on the network. One request: POST /backup with
 * {"out": ABSOLUTE_DIR}; the answer is the backup's result, or {"error": message}.
 */
export const CONTROL_SOCKET = 'control.sock';
/** Longest socket path the kernel takes (sun_path is 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;
const MAX_BODY = 4096;

export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), CONTROL_SOCKET);

/**
 * Starts the shop's control socket; closed with the app. Not on Windows, nor where the data
 * folder's path is too long for a socket (the command then says to use the panel).
 */
export async function listenForControl(app: FastifyInstance, dataDir: string): Promise<void> {
  const socket = controlSocketPath(dataDir);
  if (process.platform === 'win32' || socket.length > MAX_SOCKET_PATH) return;
  // A socket file left by a shop that died: this process holds the data folder now (server.pid).
  rmSync(socket, { force: true });
  const server = createServer((req, res) => {
    void answer(app, req).then(({ status, body }) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  // Made 0600 from the start (the umask, while it binds at start-up), not only after the chmod.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(socket, 0o600);
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(socket, { force: true });
  });
}

async function answer(app: FastifyInstance, req: IncomingMessage): Promise<{ status: number; body: unknown }> {
  if (req.method !== 'POST' || req.url !== '/backup') return { status: 404, body: { error: 'Not found' } };
  let raw = '';
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > MAX_BODY) return { status: 413, body: { error: 'Request too large' } };
  }
  let out: unknown;
  try {
    out = (JSON.parse(raw) as { out?: unknown }).out;
  } catch {
    return { status: 400, body: { error: 'The request is not JSON' } };
  }
  if (typeof out !== 'string' || !path.isAbsolute(out)) {
    return { status: 400, body: { error: '"out" must be an absolute folder path' } };
  }
  try {
    const result = await createBackup(app.database, {
      mediaDir: path.join(app.env.DATA_DIR, 'media'),
      documents: app.media.documents,
      ...(app.media.bucket ? { bucketMedia: app.media.storage } : {}),
      outDir: out,
    });
    app.log.info({ dir: result.dir, ms: result.ms }, 'backup: taken for npm run backup');
    return { status: 200, body: result };
  } catch (err) {
    app.log.error({ err }, 'backup: npm run backup through the shop failed');
    return { status: 500, body: { error: (err as Error).message } };
  }
}

/**
 * Asks the shop holding `dataDir` for a backup into `outDir`. Null when no shop answers on its
 * socket (none there: an older shop, Windows, a path too long); throws the shop's reason when
 * the backup failed.
 */
export function backupThroughShop(dataDir: string, outDir: string): Promise<BackupResult | null> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: controlSocketPath(dataDir),
        method: 'POST',
        path: '/backup',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let raw = '';
        res.on('data', (chunk) => (raw += String(chunk)));
        res.on('end', () => {
          try {
            const body = JSON.parse(raw) as BackupResult & { error?: string };
            if (res.statusCode === 200) resolve(body);
            else reject(new Error(`The shop could not take the backup: ${body.error ?? res.statusCode}`));
          } catch {
            reject(new Error(`The shop answered ${res.statusCode} with no result`));
          }
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (['ENOENT', 'ECONNREFUSED', 'ENOTSOCK', 'ENAMETOOLONG'].includes(err.code ?? '')) resolve(null);
      else reject(err);
    });
    req.end(JSON.stringify({ out: path.resolve(outDir) }));
  });
}
