import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { StaffCreateBodySchema } from '@shopfront/shared';
import { parseEnv } from '../env.ts';
import { dataDirHolder, heldMessage } from './data-dir-lock.ts';
import { HttpError } from '../lib/http.ts';
import { shopFiles } from '../modules/media/plugin.ts';
import { copyLocalFilesToBucket } from '../modules/media/to-bucket.ts';
import { createStaff } from '../modules/staff/service.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';
import { seedDemo } from './seed/index.ts';

const USAGE = `usage: npm run db:migrate | npm run db:seed
       npm run db:create-owner -- --email <e-mail> --name <name>
         (the password from SHOP_OWNER_PASSWORD, else asked on the terminal)`;

/** Asks for a password on the terminal without echoing it. */
async function askPassword(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const out = rl as unknown as { _writeToOutput(s: string): void };
  let muted = false;
  out._writeToOutput = (s: string) => {
    if (!muted) process.stdout.write(s);
  };
  const answer = rl.question(question);
  muted = true;
  try {
    return await answer;
  } finally {
    process.stdout.write('\n');
    rl.close();
  }
}

/** The new owner's password: SHOP_OWNER_PASSWORD, else typed twice on a terminal. */
async function ownerPassword(): Promise<string> {
  const fromEnv = process.env.SHOP_OWNER_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    throw new Error('Set SHOP_OWNER_PASSWORD, or run create-owner on a terminal to type the password');
  }
  const first = await askPassword('Password for the new owner: ');
  const again = await askPassword('The same password again: ');
  if (first !== again) throw new Error('The two passwords differ; nothing was created');
  return first;
}

/** `npm run db:create-owner -- --email … --name …`: the first owner of a real shop (no demo seed). */
async function createOwner(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  // Before the password is asked for: the answer would be thrown away.
  refuseIfHeld(parseEnv());
  const parsed = StaffCreateBodySchema.safeParse({
    email: values.email ?? '',
    name: values.name ?? '',
    password: await ownerPassword(),
    role: 'owner',
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'input'}: ${i.message}`);
    throw new Error(`Cannot create the owner:\n${lines.join('\n')}`);
  }
  const account = await withDatabase((database) =>
    createStaff(database.db, { id: null, email: 'command line (db:create-owner)' }, parsed.data, null),
  );
  console.log(
    `Owner ${account.email} (${account.id}) created. Sign in with: npm run shop -- login --email ${account.email}`,
  );
}

/** An embedded database a running shop holds is not written by a second process (data-dir-lock.ts). */
function refuseIfHeld(env: ReturnType<typeof parseEnv>): void {
  if (env.DATABASE_URL) return;
  const holder = dataDirHolder(env.DATA_DIR);
  if (holder) throw new Error(heldMessage(env.DATA_DIR, holder));
}

type Database = Awaited<ReturnType<typeof openDatabase>>;

async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const env = parseEnv();
  refuseIfHeld(env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: 2 });
  try {
    await runMigrations(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

/** `npm run db:migrate` / `npm run db:seed`: the same steps `npm start` runs, on their own; `db:create-owner`. */
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'create-owner') return createOwner(rest);
  if (command !== 'migrate' && command !== 'seed') {
    console.error(USAGE);
    process.exit(2);
  }
  await withDatabase(async (database) => {
    if (command === 'seed') {
      const env = parseEnv();
      const seeded = await seedDemo(database, {
        mediaDir: path.join(env.DATA_DIR, 'media'),
        dataDir: env.DATA_DIR,
        storeUrl: env.PUBLIC_URL,
        demo: env.SEED_DEMO === 'services' ? 'services' : 'products',
      });
      // The demo's pictures and documents are rendered on disk; with media on S3 they go to the bucket (ADR 38).
      if (seeded && env.MEDIA_S3_BUCKET) await copyLocalFilesToBucket(env.DATA_DIR, shopFiles(env));
      console.log(seeded ? 'Demo store seeded.' : 'A storefront already exists; nothing seeded.');
    } else {
      console.log('Migrations applied.');
    }
  });
}

main().catch((err) => {
  if (err instanceof HttpError && err.errors) {
    const lines = Object.entries(err.errors).map(([k, v]) => `  ${k}: ${v.join('; ')}`);
    console.error(`${err.message}\n${lines.join('\n')}`);
  } else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
