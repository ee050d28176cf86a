/**
 * `npm run bench` (after `npm run build`): starts the built shop on a fresh demo database, loads
 * each target in bench/targets.ts with autocannon on 127.0.0.1, prints a table and rewrites
 * docs/benchmarks.md. Flags: --pg also runs against a throwaway PostgreSQL cluster;
 * --duration=S (10) and --connections=N (10) per target; --warmup=S (3); --no-write;
 * --only=TEXT runs only the targets whose name contains TEXT (and never writes the file).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, startCluster, type Cluster } from '../scripts/lib/pg-cluster.mjs';
import { killAllServersNow, startServer, type RunningServer } from './server.ts';
import { machine } from './machine.ts';
import { targets, type Target } from './targets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}
function numberFlag(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const DURATION_S = numberFlag('duration', 10);
const CONNECTIONS = numberFlag('connections', 10);
const WARMUP_S = numberFlag('warmup', 3);
const WITH_PG = flag('pg');
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? null;
const WRITE = !flag('no-write') && ONLY === null;
const chosen = ONLY === null ? targets : targets.filter((t) => t.name.includes(ONLY));

interface Row {
  target: Target;
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  statuses: string;
}
interface Section {
  title: string;
  rows: Row[];
}

// Everything that must go at exit, whatever happens.
let server: RunningServer | null = null;
let cluster: Cluster | null = null;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping the server and the database`);
    killAllServersNow();
    cluster?.stop();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

function request(t: Target, baseUrl: string) {
  const headers: Record<string, string> = { ...t.headers };
  let body: string | undefined;
  if (t.body !== undefined) {
    body = JSON.stringify(t.body);
    headers['content-type'] = 'application/json';
  }
  return { url: baseUrl + t.path, method: t.method, headers, body };
}

async function load(t: Target, baseUrl: string, durationS: number) {
  return autocannon({
    ...request(t, baseUrl),
    connections: t.connections ?? CONNECTIONS,
    duration: durationS,
    pipelining: 1,
    timeout: 10,
  });
}

async function benchAll(title: string, baseUrl: string): Promise<Section> {
  const rows: Row[] = [];
  for (const target of chosen) {
    const t = target.setup
      ? { ...target, headers: { ...target.headers, cookie: await target.setup(baseUrl) } }
      : target;
    const req = request(t, baseUrl);
    const probe = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
    await probe.arrayBuffer();
    if (!probe.ok) console.warn(`  warning: ${t.name} answers ${probe.status} before the load starts`);
    process.stdout.write(`  ${t.name}: warm-up ${WARMUP_S} s, measure ${DURATION_S} s ... `);
    await load(t, baseUrl, WARMUP_S);
    const r = await load(t, baseUrl, DURATION_S);
    const row: Row = {
      target: t,
      reqPerSec: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      requests: r.requests.total,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      statuses: Object.entries(r.statusCodeStats)
        .map(([code, s]) => `${code}×${s.count}`)
        .join(' '),
    };
    console.log(`${Math.round(row.reqPerSec)} req/s`);
    rows.push(row);
  }
  return { title, rows };
}

function table(section: Section): string {
  const head = ['target', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx'];
  const lines = section.rows.map((r) => [
    `\`${r.target.name}\``,
    r.reqPerSec.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.requests),
    String(r.errors),
    String(r.non2xx),
  ]);
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...lines.map((l) => `| ${l.join(' | ')} |`),
  ].join('\n');
}

function printTable(section: Section) {
  const head = ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx'];
  const rows = section.rows.map((r) => [
    r.target.name,
    r.reqPerSec.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.requests),
    String(r.errors),
    String(r.non2xx),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${section.title}`);
  console.log(fmt(head));
  for (const row of rows) console.log(fmt(row));
}

function markdown(sections: Section[], m: ReturnType<typeof machine>, date: string, endLoad: string): string {
  const hasPg = sections.some((s) => s.title.startsWith('PostgreSQL'));
  return `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); every run overwrites this file. Targets live in
bench/targets.ts.

- **Date:** ${date}
- **Machine:** ${m.nproc} CPUs (nproc), ${m.model}, ${m.memGiB} GiB RAM, ${m.os}
- **Node:** ${m.node}
- **Load average when the run started (1 / 5 / 15 min):** ${m.load}; when it ended: ${endLoad}
- **Commit:** ${m.commit}
- **Method:** the built shop (\`npm run build\`, then \`node apps/api/dist/server.js\` with
  NODE_ENV=production, as \`npm start\` runs it, and LOG_LEVEL=warn rather than its default info, which logs every request) on a freshly seeded demo
  database, on 127.0.0.1. autocannon 9 runs on the same machine, so load generator and server share
  the ${m.nproc} CPUs; a load average above ${m.nproc} at the start means other work competed too.
  Per target: ${WARMUP_S} s warm-up (discarded), then ${DURATION_S} s with ${CONNECTIONS} connections (a target may set its own, named in its row), no pipelining; page targets send a browser's \`accept-encoding: gzip, deflate, br\`.
  req/s is the mean of per-second samples; latencies are autocannon's, in whole milliseconds, over
  2xx responses; errors are connection errors plus timeouts (10 s).
- **Where the time goes:** \`node --import tsx bench/profile.ts\` (after the build) lists, per target, the
  API calls a page makes, its SQL statements and the CPU time per request.

${sections.map((s) => `## ${s.title}\n\n${table(s)}\n`).join('\n')}${hasPg ? '' : '\nPostgreSQL figures: `npm run bench -- --pg` adds a table for a throwaway local PostgreSQL cluster.\n'}`;
}

async function runSection(title: string, databaseUrl?: string): Promise<Section> {
  const port = await freePort();
  console.log(`\n${title}: starting the server on 127.0.0.1:${port}`);
  server = await startServer({ root: ROOT, port, databaseUrl });
  try {
    console.log(`  up (pid ${server.pid})`);
    return await benchAll(title, server.baseUrl);
  } finally {
    await server.stop();
    server = null;
  }
}

async function main() {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const m = machine();
  console.log(
    `bench: ${m.nproc} CPUs, ${m.model}, ${m.memGiB} GiB, node ${m.node}, load ${m.load}; ${chosen.length} targets, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  const sections: Section[] = [];

  sections.push(await runSection('PGlite (embedded, the default)'));

  if (WITH_PG) {
    cluster = await startCluster();
    try {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('create database shopfront_bench');
      await admin.end();
      const url = new URL(cluster.url);
      url.pathname = '/shopfront_bench';
      sections.push(
        await runSection(`PostgreSQL ${cluster.version} (throwaway local cluster, fsync off, pool 10)`, url.toString()),
      );
    } finally {
      cluster.stop();
      cluster = null;
    }
  }

  for (const s of sections) printTable(s);
  if (WRITE) {
    const file = path.join(ROOT, 'docs', 'benchmarks.md');
    const endLoad = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
    writeFileSync(file, markdown(sections, m, date, endLoad));
    console.log(`\nwrote ${path.relative(ROOT, file)}`);
  }
  const bad = sections.flatMap((s) => s.rows).filter((r) => r.errors > 0 || r.non2xx > 0);
  if (bad.length) {
    console.error(
      `\n${bad.length} target(s) had errors or non-2xx answers: ${bad.map((r) => `${r.target.name} (${r.statuses || 'no answers'})`).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  killAllServersNow();
  cluster?.stop();
  process.exit(1);
});
