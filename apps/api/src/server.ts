import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seedDemo } from './db/seed/index.ts';
import { parseEnv } from './env.ts';
import { registerStorefront } from './ssr/storefront.ts';

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

  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX });
  await runMigrations(database);
  const seeded =
    env.SEED_DEMO &&
    (await seedDemo(database, { mediaDir: path.join(env.DATA_DIR, 'media'), storeUrl: env.PUBLIC_URL }));
  if (database.dialect === 'pglite' && !seeded) {
    // PGlite runs no autovacuum, so nothing else ever refreshes the planner's statistics: once
    // per start (a fresh seed has just done it). ~0.2 s on the demo shop.
    await database.db.execute(sql`analyze`);
  }

  const app = await buildApp({ database, env, dev });
  await registerStorefront(app, { dev });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Shopfront on ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${env.DATA_DIR})`}: http://localhost:${(app.server.address() as { port: number }).port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
