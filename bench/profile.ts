/**
 * `node --import tsx bench/profile.ts` (after `npm run build`): where an SSR page's time goes.
 * Boots the built shop in this process on a fresh seeded PGlite (or DATABASE_URL), then for each
 * page and API target in bench/targets.ts answers: the API calls the storefront made, the SQL
 * statements sent, the process CPU time per request (user + system: what bounds throughput,
 * and the figure least disturbed by other load), and the median and p90 latency of sequential
 * requests (no concurrency). Flags: --runs=N (30), --pg-url=postgres://…,
 * --explain (prints EXPLAIN ANALYZE of the slowest statement of each target), --only=TEXT (targets
 * whose name contains TEXT), --cpu-prof=PREFIX (a .cpuprofile of each target's measured runs),
 * --jit (PostgreSQL: the statements compiled with JIT and the compile time), --caches (the shared
 * caches on, as in production: for pages the whole-page cache does not serve), --long-tail (with
 * --caches: a target naming the demo's organic-cotton-crew-tee names another product at each run
 * (pages and APIs), so the page and its product's answers are computed afresh while the shell and lookups come from the caches: the first visit of
 * a product in a minute, what most product pages of a large catalogue cost; the CPU is counted
 * around each request only).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/db/seed/index.ts';
import { parseEnv } from '../apps/api/src/env.ts';
import { sql } from 'drizzle-orm';
import { targets } from './targets.ts';

type Queryable = { query: (...args: unknown[]) => Promise<unknown> };

const arg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const RUNS = Number(arg('runs') ?? 30);
const PG_URL = arg('pg-url');
const EXPLAIN = process.argv.includes('--explain');
const ONLY = arg('only');
const JIT = process.argv.includes('--jit');
const CPU_PROFILE = arg('cpu-prof');
const LONG_TAIL = process.argv.includes('--long-tail');
if (LONG_TAIL && !process.argv.includes('--caches')) throw new Error('--long-tail needs --caches');

// React and React Router pick their production builds when first imported, as under npm start:
// set NODE_ENV before the storefront side (which imports react-router) is loaded.
process.env.NODE_ENV = 'production';
const { registerStorefront } = await import('../apps/api/src/ssr/storefront.ts');

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shopfront-profile-'));
mkdirSync(path.join(dataDir, 'media'), { recursive: true });
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const env = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  // What a page costs to render: a cached one costs nothing worth profiling (bench/run.ts
  // measures the cache; ADR 28). --caches keeps the shared caches on (as in production), for
  // pages the whole-page cache never serves (a signed-in shopper's).
  PAGE_CACHE_MB: process.argv.includes('--caches') ? '64' : '0',
  ...(PG_URL ? { DATABASE_URL: PG_URL } : {}),
});
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : dataDir,
  poolMax: 10,
});
await runMigrations(database);
await seedDemo(database, { mediaDir: path.join(dataDir, 'media') });
const app = await buildApp({ database, env, logger: false });
// Every API call the storefront made in-process (app.inject), with its own time.
let apiCalls: { url: string; ms: number }[] = [];
app.addHook('onResponse', async (req, reply) => {
  if (req.url.startsWith('/api/'))
    apiCalls.push({ url: `${req.method} ${req.url.split('?')[0]}`, ms: reply.elapsedTime });
});
await registerStorefront(app, { dev: false });
await app.ready();

/** --long-tail: the product the targets name, replaced by every published product in turn. */
const LONG_TAIL_SLUG = 'organic-cotton-crew-tee';
const slugs = LONG_TAIL
  ? (
      (await database.db.execute(sql`select slug from products where is_published order by id`)) as unknown as {
        rows: { slug: string }[];
      }
    ).rows.map((r) => r.slug)
  : [];
/** The target's path; with --long-tail, the demo product it names replaced by the next product. */
const pathOf = (t: (typeof targets)[number]) => {
  if (!LONG_TAIL || !t.path.includes(`/${LONG_TAIL_SLUG}`)) return t.path;
  const slug = slugs.shift();
  if (!slug) throw new Error('--long-tail: more runs than products');
  return t.path.replace(`/${LONG_TAIL_SLUG}`, `/${slug}`);
};

// Every statement, with the time until its promise settled.
const client = (database.db as unknown as { $client: Queryable }).$client;
const original = client.query;
let statements: { text: string; params: unknown[]; ms: number; rows: number; kB: number }[] = [];
client.query = function (this: unknown, ...args: unknown[]) {
  const start = performance.now();
  const first = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : first.text;
  // node-postgres gets (config, values) from Drizzle, PGlite (text, params).
  const params = (Array.isArray(args[1]) ? args[1] : typeof first === 'string' ? undefined : first.values) as
    unknown[] | undefined;
  const p = original.apply(client, args) as Promise<unknown>;
  const record = (res: unknown) => {
    const rows = (res as { rows?: unknown[] } | undefined)?.rows ?? [];
    // The answer's size as JSON: what the driver had to parse.
    const kB = rows.length ? JSON.stringify(rows).length / 1024 : 0;
    statements.push({ text, params: params ?? [], ms: performance.now() - start, rows: rows.length, kB });
  };
  p.then(record, () => record(undefined));
  return p;
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

// A target's setup (a signed-in shopper) talks to a real socket; the measured runs stay in-process.
const setupBase = targets.some((t) => t.setup && (!ONLY || t.name.includes(ONLY)))
  ? await app.listen({ host: '127.0.0.1', port: 0 })
  : null;

for (const t of targets.filter((x) => !ONLY || x.name.includes(ONLY))) {
  const headers: Record<string, string> = { ...t.headers };
  if (t.setup && setupBase) headers.cookie = await t.setup(setupBase);
  if (t.body !== undefined) headers['content-type'] = 'application/json';
  const once = async () => {
    const res = await app.inject({
      method: t.method,
      url: pathOf(t),
      headers,
      ...(t.body !== undefined ? { payload: JSON.stringify(t.body) } : {}),
    });
    if (res.statusCode >= 400) throw new Error(`${t.name}: ${res.statusCode}`);
  };
  for (let i = 0; i < 3; i++) await once();
  const session = CPU_PROFILE ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const times: number[] = [];
  let cpuUs = 0;
  let perRun: { api: typeof apiCalls; sql: typeof statements } = { api: [], sql: [] };
  for (let i = 0; i < RUNS; i++) {
    apiCalls = [];
    statements = [];
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuBefore);
    cpuUs += cpu.user + cpu.system;
    perRun = { api: apiCalls, sql: statements };
  }
  const cpuMs = cpuUs / 1000 / RUNS;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    const file = `${CPU_PROFILE}.${targets.indexOf(t)}.cpuprofile`;
    writeFileSync(file, JSON.stringify(profile));
    console.log(`cpu profile of the measured runs: ${file}`);
    session.disconnect();
  }
  // The page itself is the outermost request: leave it out of its own API call list.
  const api = perRun.api.filter((c) => c.url !== `${t.method} ${t.path.split('?')[0]}`);
  console.log(
    `\n${t.name}: ${cpuMs.toFixed(1)} ms CPU a request; p50 ${pct(times, 0.5).toFixed(1)} ms, p90 ${pct(times, 0.9).toFixed(1)} ms; ${api.length} API calls, ${perRun.sql.length} SQL statements`,
  );
  for (const c of api) console.log(`  api ${c.ms.toFixed(1).padStart(6)} ms  ${c.url}`);
  // Statements run side by side wait for each other (PGlite is one connection): time each alone.
  const alone: { ms: number; text: string; params: unknown[]; rows: number; kB: number }[] = [];
  for (const st of perRun.sql) {
    const ms: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      await original.call(client, st.text, st.params);
      ms.push(performance.now() - start);
    }
    alone.push({ ms: pct(ms, 0.5), text: st.text, params: st.params, rows: st.rows, kB: st.kB });
  }
  const total = alone.reduce((n, s) => n + s.ms, 0);
  console.log(`  SQL run one at a time: ${total.toFixed(1)} ms in all`);
  const slow = [...alone].sort((a, b) => b.ms - a.ms);
  for (const s of slow)
    console.log(
      `  sql ${s.ms.toFixed(2).padStart(6)} ms ${String(s.rows).padStart(4)} rows ${s.kB.toFixed(1).padStart(5)} kB  ${s.text.replace(/\s+/g, ' ').slice(0, 90)}`,
    );
  if (JIT) {
    // PostgreSQL only: which statements the planner compiles with JIT, and what that costs.
    for (const st of perRun.sql) {
      const res = (await original.call(client, `explain (analyze, format json) ${st.text}`, st.params)) as {
        rows: { 'QUERY PLAN': [{ 'Execution Time': number; JIT?: { Timing: { Total: number } } }] }[];
      };
      const plan = res.rows[0]!['QUERY PLAN'][0];
      if (plan.JIT)
        console.log(
          `  jit ${plan.JIT.Timing.Total.toFixed(1)} ms of ${plan['Execution Time'].toFixed(1)} ms  ${st.text.replace(/\s+/g, ' ').slice(0, 90)}`,
        );
    }
  }
  if (EXPLAIN && slow[0]) {
    const plan = (await original.call(client, `explain (analyze, buffers) ${slow[0].text}`, slow[0].params)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
}

await app.close();
await database.close();
