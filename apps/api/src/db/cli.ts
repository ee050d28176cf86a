import path from 'node:path';
import { parseEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { seedDemo } from './seed/index.ts';

/** `npm run db:migrate` / `npm run db:seed`: the same steps `npm start` runs, on their own. */
async function main() {
  const command = process.argv[2];
  if (command !== 'migrate' && command !== 'seed') {
    console.error('usage: tsx apps/api/src/db/cli.ts migrate|seed');
    process.exit(2);
  }
  const env = parseEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  try {
    await runMigrations(database);
    if (command === 'seed') {
      const seeded = await seedDemo(database, { mediaDir: path.join(env.DATA_DIR, 'media'), storeUrl: env.PUBLIC_URL });
      console.log(seeded ? 'Demo store seeded.' : 'A storefront already exists; nothing seeded.');
    } else {
      console.log('Migrations applied.');
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
