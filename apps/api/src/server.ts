import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/index.ts';
import { ensureShopBase } from './modules/admin/setup/base.ts';
import { shopFiles } from './modules/media/plugin.ts';
import { copyLocalFilesToBucket } from './modules/media/to-bucket.ts';
import { holdDataDir } from './db/data-dir-lock.ts';
import { parseEnv } from './env.ts';
import { storeUrlOrigin } from './lib/origin.ts';
import { registerAdminPanel } from './ssr/admin-panel.ts';
import { listenForControl } from './modules/backup/control.ts';
import { sumWorkerMetrics } from './modules/metrics/cluster.ts';
import { registerStorefront } from './ssr/storefront.ts';

type Env = ReturnType<typeof parseEnv>;

/** Workers dying young this many times in a row stop the whole cluster. */
const MAX_QUICK_DEATHS = 5;

/**
 * Opens the database, applies migrations and seeds the demo store (first start); answers null
 * (after saying why) when the shop must not start.
 */
async function prepareDatabase(env: Env) {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX });
  await runMigrations(database);
  const seeded =
    env.SEED_DEMO &&
    (await seedDemo(database, {
      mediaDir: path.join(env.DATA_DIR, 'media'),
      dataDir: env.DATA_DIR,
      storeUrl: env.PUBLIC_URL,
      demo: env.SEED_DEMO === 'services' ? 'services' : 'products',
    }));
  // The demo's pictures and documents are rendered on disk; with media on S3 they go to the bucket.
  if (seeded && env.MEDIA_S3_BUCKET) await copyLocalFilesToBucket(env.DATA_DIR, shopFiles(env));
  // Without the demo: the rows a new shop answers its pages with ("opening soon" until the setup opens it).
  if (!seeded) await ensureShopBase(database);
  if (database.dialect === 'pglite' && !seeded) {
    // PGlite runs no autovacuum, so nothing else ever refreshes the planner's statistics: once
    // per start (a fresh seed has just done it). ~0.2 s on the demo shop.
    await database.db.execute(sql`analyze`);
  }

  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL && !(await storeUrlOrigin(database.db))) {
    // Absolute links (canonical URLs, sitemap, reset e-mails) would otherwise come from the Host
    // header, which any client chooses.
    console.error('Invalid environment: PUBLIC_URL is required in production when the store has no store_url setting');
    await database.close();
    return null;
  }
  return database;
}

/**
 * WEB_CONCURRENCY=N on PostgreSQL: this process prepares the database once, then runs N workers
 * (Node's cluster: they share the port, the kernel spreads connections). A worker that dies is
 * replaced, waiting longer each time it dies young; SIGTERM/SIGINT stop every worker gracefully.
 */
async function runPrimary(env: Env) {
  const database = await prepareDatabase(env);
  if (!database) process.exit(1);
  await database.close();
  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (started.size === 0) process.exit(quickDeaths >= MAX_QUICK_DEATHS ? 1 : 0);
      return;
    }
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      // Each new worker dies at once (a port taken, a database gone): let a supervisor see it.
      console.error(`${quickDeaths} workers in a row died within 10 s of starting; stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 5_000).unref();
      if (started.size === 0) process.exit(1);
      return;
    }
    const delay = Math.min(30_000, quickDeaths === 0 ? 0 : 500 * 2 ** quickDeaths);
    console.error(`worker ${worker.process.pid} ended (${signal ?? code}); a new one starts in ${delay} ms`);
    setTimeout(() => !stopping && fork(), delay);
  });
  // /metrics answers every worker's figures summed (modules/metrics/cluster.ts).
  if (env.METRICS_TOKEN) sumWorkerMetrics();
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) fork();
  console.log(`Shopfront: ${env.WEB_CONCURRENCY} workers on PostgreSQL, port ${env.PORT}`);
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (started.size === 0) process.exit(0);
    // The workers cut off slow requests after SHUTDOWN_GRACE_MS; this is the last resort.
    setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Starts the shop: database, migrations, demo seed, API and storefront on one port. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const dev = process.argv.includes('--dev');
  mkdirSync(path.join(env.DATA_DIR, 'media'), { recursive: true });
  // Media on S3 (ADR 38): a bucket that cannot be reached stops the start with its reason.
  try {
    await shopFiles(env).bucket?.check();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  if (env.WEB_CONCURRENCY > 1 && cluster.isPrimary && !dev) return runPrimary(env);

  // The embedded database is this process's alone while it runs: db:create-owner refuses to write it.
  if (!env.DATABASE_URL) {
    try {
      holdDataDir(env.DATA_DIR);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
  }
  // A cluster worker finds the database prepared by its primary.
  const database = cluster.isWorker
    ? await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX })
    : await prepareDatabase(env);
  if (!database) process.exit(1);

  const app = await buildApp({ database, env, dev });
  await registerAdminPanel(app);
  await registerStorefront(app, { dev });
  // `npm run backup` beside this shop asks it for the backup (the embedded database is this process's alone).
  if (!env.DATABASE_URL) await listenForControl(app, env.DATA_DIR);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // app.close() waits for every open request; one still arriving after the grace period (a slow
    // upload) is cut off, so the database below is always closed before the process ends.
    const cutOff = setTimeout(() => {
      app.log.warn('shutdown: cutting off requests still in flight');
      app.server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_MS);
    // Last resort, should closing itself hang.
    setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 10_000).unref();
    let failed = false;
    try {
      await app.close();
    } catch (err) {
      failed = true;
      app.log.error({ err }, 'shutdown: closing the server failed');
    }
    clearTimeout(cutOff);
    try {
      await database.close();
      app.log.info({ signal }, 'shutdown: database closed');
    } catch (err) {
      failed = true;
      app.log.error({ err }, 'shutdown: closing the database failed');
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    `Shopfront on ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${env.DATA_DIR})`}: http://localhost:${(app.server.address() as { port: number }).port}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
