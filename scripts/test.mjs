#!/usr/bin/env node
// `npm test`: everything a change must pass, on a fresh Debian 12 machine and in CI.
//   1. prerequisites  Debian's chromium + PostgreSQL server (apt-get as root, else told what to run)
//   2. build          npm run build (the storefront bundle the e2e tests serve)
//   3. unit + api     vitest on in-memory PGlite
//   4. api            vitest again on a throwaway PostgreSQL cluster (TEST_DATABASE_URL)
//   5. e2e            Playwright for tests/e2e/*.spec.ts (Chromium against the built server)
// With --gates (CI's .ci/run), typecheck, lint and the format check run too, beside steps 1–2:
// they are single-threaded, so on 2 cores two lanes of them and the build overlap well.
// Counts come from each run's own JSON report (.tmp/test-reports/). The last line is
// always `tests: N passed, M failed`; the exit code is 1 when anything failed, else 0.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster } from './lib/pg-cluster.mjs';
import { ensurePrereqs } from './lib/prereqs.mjs';
import { killAllRunning, run } from './lib/proc.mjs';
import { readPlaywrightReport } from './lib/playwright-report.mjs';
import { readVitestReport } from './lib/vitest-report.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(ROOT);

const MIN = 60_000;
/** Time limits per step; the whole run also stays inside SHOPFRONT_TEST_BUDGET_MIN (CI gives 90). */
const LIMITS = {
  gate: 10 * MIN,
  aptUpdate: 5 * MIN,
  aptInstall: 20 * MIN,
  build: 10 * MIN,
  unitApi: 30 * MIN,
  apiPg: 20 * MIN,
  e2e: 70 * MIN,
};
/** The quality gates, in two lanes run side by side (each lane's gates one after another). */
const GATE_LANES = [
  [{ name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] }],
  [
    { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
    { name: 'format', cmd: 'npx', args: ['--no-install', 'prettier', '--check', '.'] },
  ],
];
const WITH_GATES = process.argv.includes('--gates');
/** Where Playwright keeps a failed test's screenshot (and trace, with PW_TRACE=1) (playwright.config.ts outputDir). */
const E2E_ARTIFACTS = path.join('.tmp', 'e2e-artifacts');
const BUDGET_MS = Number(process.env.SHOPFRONT_TEST_BUDGET_MIN || 85) * MIN;
const started = Date.now();
const REPORT_DIR = path.join(ROOT, '.tmp', 'test-reports');

const totals = { passed: 0, failed: 0 };
/** One row per phase for the closing summary. */
const phases = [];
/** Every failed test, named in the summary: CI keeps only the tail of the output. */
const failures = [];
let cluster = null;

/** A step's limit, cut to what is left of the overall budget. */
function limit(ms) {
  return Math.max(0, Math.min(ms, BUDGET_MS - (Date.now() - started)));
}

function header(n, title) {
  console.log(`\n==> [${n}/5] ${title}`);
}

function secs(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function printSummary() {
  console.log('\n==> summary');
  const w = Math.max(...phases.map((p) => p.name.length), 5);
  for (const p of phases) console.log(`  ${p.name.padEnd(w)}  ${p.result.padEnd(44)} ${secs(p.ms).padStart(8)}`);
  console.log(`  ${'total'.padEnd(w)}  ${''.padEnd(44)} ${secs(Date.now() - started).padStart(8)}`);
  if (failures.length) console.log('\n==> failed tests');
  for (const f of failures.slice(0, 20)) {
    console.log(`  ${f.phase}: ${path.relative(ROOT, f.file)} > ${f.title}`);
    if (f.message) console.log(`    ${f.message}`);
  }
  if (failures.length > 20) console.log(`  … and ${failures.length - 20} more (see the output above)`);
}

function finish() {
  printSummary();
  const stepFailed = phases.some((p) => p.failed);
  // The one line CI reads: nothing may be printed after it.
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exitCode = totals.failed > 0 || stepFailed ? 1 : 0;
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`\n!! ${sig}: stopping`);
    killAllRunning('SIGTERM');
    cluster?.stop();
    killAllRunning('SIGKILL');
    totals.failed += 1;
    phases.push({ name: `interrupted (${sig})`, result: 'failed', failed: true, ms: 0 });
    finish();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

/** A phase that is not a test run (prerequisites, build). */
function recordStep(name, ok, ms, note = '') {
  phases.push({
    name,
    result: ok ? `ok${note ? ` (${note})` : ''}` : `FAILED${note ? ` (${note})` : ''}`,
    failed: !ok,
    ms,
  });
}

/**
 * Starts the gates' lanes; answers their results once all are done. Their output is kept, not
 * streamed (it would interleave with the build's), and shown by showGates.
 */
function startGates(env) {
  return Promise.all(
    GATE_LANES.map(async (lane) => {
      const results = [];
      for (const gate of lane) {
        const res = await run(gate.cmd, gate.args, { env, timeoutMs: limit(LIMITS.gate), capture: true });
        results.push({ ...gate, ...res });
      }
      return results;
    }),
  ).then((lanes) => lanes.flat());
}

/** Prints each gate's output and records it: a failed gate fails the run (not a test count). */
function showGates(results) {
  for (const g of results) {
    const ok = g.code === 0;
    console.log(`\n==> gate: ${g.name} (${[g.cmd, ...g.args].join(' ')}): ${ok ? 'ok' : 'FAILED'}`);
    if (g.output.trim()) console.log(g.output.trimEnd());
    recordStep(`gate: ${g.name}`, ok, g.ms, ok ? '' : g.timedOut ? 'timed out' : `exit ${g.code}`);
  }
}

/** A test run that could not happen counts as one failure, so a broken setup never reads green. */
function recordSkipped(name, why) {
  console.error(`!! skipping ${name}: ${why}`);
  totals.failed += 1;
  phases.push({ name, result: `SKIPPED, counted 1 failed (${why})`, failed: true, ms: 0 });
}

/** Runs vitest for `projects` and adds what its JSON report says to the totals. */
async function vitestPhase(name, slug, projects, { env, timeoutMs }) {
  const reportFile = path.join(REPORT_DIR, `${slug}.json`);
  rmSync(reportFile, { force: true });
  if (timeoutMs <= 0) return recordSkipped(name, 'time budget used up');
  const args = [
    '--no-install',
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
    // vitest's default is one worker fewer than the cores (1 on CI's 2); the API files spend most
    // of their time in PGlite's WASM and the database, so one per core finishes sooner.
    `--maxWorkers=${os.availableParallelism()}`,
  ];
  console.log(`$ npx ${args.join(' ')}`);
  const res = await run('npx', args, { env, timeoutMs });
  const report = readVitestReport(reportFile);
  let failed;
  let note;
  if (!report) {
    failed = 1;
    note = res.timedOut ? 'timed out, no report' : `exit ${res.code}, no report`;
    console.error(`!! ${name}: vitest left no JSON report (${note}); counted as 1 failure`);
  } else {
    failed = report.failed;
    for (const e of report.fileErrors) console.error(`!! ${path.relative(ROOT, e.file)}: ${e.message}`);
    for (const f of report.failures) failures.push({ phase: name, ...f });
    for (const e of report.fileErrors)
      failures.push({ phase: name, file: e.file, title: '(the file itself)', message: e.message });
    if (res.code !== 0 && failed === 0) {
      // e.g. an unhandled error outside any test: vitest fails the run, the report shows no failed test.
      failed = 1;
      console.error(`!! ${name}: vitest exited ${res.code} with no failed test in its report; counted as 1 failure`);
    }
    note = `${report.passed} passed, ${failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''}`;
  }
  totals.passed += report?.passed ?? 0;
  totals.failed += failed;
  phases.push({ name, result: failed ? `FAILED: ${note}` : note, failed: failed > 0, ms: res.ms });
}

/**
 * Runs the browser tests on @playwright/test (tests/e2e/*.spec.ts, playwright.config.ts) and adds
 * what its JSON report says to the totals; a failure's screenshot stays in E2E_ARTIFACTS.
 */
async function playwrightPhase(name, { env, timeoutMs }) {
  const reportFile = path.join(REPORT_DIR, 'e2e-playwright.json');
  rmSync(reportFile, { force: true });
  if (timeoutMs <= 0) return recordSkipped(name, 'time budget used up');
  const args = ['--no-install', 'playwright', 'test'];
  console.log(`$ npx ${args.join(' ')}`);
  const res = await run('npx', args, { env: { ...env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }, timeoutMs });
  const report = readPlaywrightReport(reportFile);
  let failed;
  let note;
  if (!report) {
    failed = 1;
    note = res.timedOut ? 'timed out, no report' : `exit ${res.code}, no report`;
    console.error(`!! ${name}: Playwright left no JSON report (${note}); counted as 1 failure`);
  } else {
    failed = report.failed;
    for (const f of report.failures) failures.push({ phase: name, ...f });
    for (const e of report.fileErrors)
      failures.push({ phase: name, file: e.file, title: '(outside any test)', message: e.message });
    if (res.code !== 0 && failed === 0) {
      failed = 1;
      console.error(
        `!! ${name}: Playwright exited ${res.code} with no failed test in its report; counted as 1 failure`,
      );
    }
    note = `${report.passed} passed, ${failed} failed${report.skipped ? `, ${report.skipped} skipped` : ''}${report.flaky ? `, ${report.flaky} flaky` : ''}`;
  }
  if (failed)
    console.error(
      `!! ${name}: screenshots of the failed tests are in ${E2E_ARTIFACTS}/ (PW_TRACE=1 records traces too)`,
    );
  totals.passed += report?.passed ?? 0;
  totals.failed += failed;
  phases.push({
    name,
    result: failed ? `FAILED: ${note}; artifacts in ${E2E_ARTIFACTS}` : note,
    failed: failed > 0,
    ms: res.ms,
  });
}

async function main() {
  mkdirSync(REPORT_DIR, { recursive: true });
  const baseEnv = { ...process.env };
  delete baseEnv.TEST_DATABASE_URL;

  const depsInstalled = existsSync(path.join(ROOT, 'node_modules', '.bin', 'vitest'));
  const gateNames = GATE_LANES.flat().map((g) => g.name);
  if (WITH_GATES) console.log(`\n==> gates: ${gateNames.join(', ')} (beside steps 1–2; shown after the build)`);
  const gates = WITH_GATES && depsInstalled ? startGates(baseEnv) : null;
  if (WITH_GATES && !depsInstalled) recordStep('gates', false, 0, 'no node_modules');

  // 1. prerequisites
  header(1, 'prerequisites: Debian chromium + PostgreSQL server binaries');
  let t = Date.now();
  const have = await ensurePrereqs({
    timeoutMs: (phase) => limit(phase === 'update' ? LIMITS.aptUpdate : LIMITS.aptInstall),
  });
  if (!depsInstalled) console.error('!! node_modules/.bin/vitest is missing: run `npm ci` first');
  const missing = [
    !have.chromium && 'chromium',
    !have.postgres && 'postgresql',
    !depsInstalled && 'node_modules',
  ].filter(Boolean);
  recordStep(
    'prerequisites',
    missing.length === 0,
    Date.now() - t,
    missing.length ? `missing ${missing.join(', ')}` : '',
  );

  // 2. build
  header(2, 'build: npm run build');
  let built = false;
  if (!depsInstalled) {
    recordStep('build', false, 0, 'no node_modules');
  } else {
    const res = await run('npm', ['run', 'build'], { env: baseEnv, timeoutMs: limit(LIMITS.build) });
    built = res.code === 0;
    recordStep('build', built, res.ms, built ? '' : res.timedOut ? 'timed out' : `exit ${res.code}`);
  }

  if (gates) showGates(await gates);

  // 3. unit + api on PGlite
  header(3, 'unit + api tests on PGlite (in memory)');
  if (!depsInstalled) recordSkipped('unit + api (PGlite)', 'no node_modules');
  else
    await vitestPhase('unit + api (PGlite)', 'unit-api-pglite', ['unit', 'api'], {
      env: baseEnv,
      timeoutMs: limit(LIMITS.unitApi),
    });

  // 4. api on PostgreSQL
  header(4, 'api tests on a throwaway PostgreSQL cluster');
  if (!depsInstalled) recordSkipped('api (PostgreSQL)', 'no node_modules');
  else if (!have.postgres) recordSkipped('api (PostgreSQL)', 'no PostgreSQL server binaries');
  else if (limit(LIMITS.apiPg) <= 0) recordSkipped('api (PostgreSQL)', 'time budget used up');
  else {
    t = Date.now();
    try {
      cluster = await startCluster();
    } catch (err) {
      console.error(`!! ${err.message}`);
    }
    if (!cluster) {
      recordSkipped('api (PostgreSQL)', 'cluster did not start');
    } else {
      try {
        await vitestPhase(`api (PostgreSQL ${cluster.version})`, 'api-postgres', ['api'], {
          env: { ...baseEnv, TEST_DATABASE_URL: cluster.url },
          timeoutMs: limit(LIMITS.apiPg),
        });
      } finally {
        cluster.stop();
        cluster = null;
      }
      // Include cluster start/stop in the phase's time.
      phases[phases.length - 1].ms = Date.now() - t;
    }
  }

  // 5. e2e: the browser tests on Playwright (tests/e2e/*.spec.ts)
  header(5, 'e2e tests on Playwright (Chromium against the built server)');
  const e2eUnable = !depsInstalled
    ? 'no node_modules'
    : !have.chromium
      ? `no ${'/usr/bin/chromium'}`
      : !built
        ? 'build failed'
        : null;
  if (e2eUnable) {
    recordSkipped('e2e (Playwright)', e2eUnable);
  } else {
    // The shops start from the compiled server the build just made (tests/e2e/support/server.ts).
    const e2eEnv = { ...baseEnv, E2E_COMPILED_SERVER: '1' };
    await playwrightPhase('e2e (Playwright)', { env: e2eEnv, timeoutMs: limit(LIMITS.e2e) });
  }

  finish();
}

main().catch((err) => {
  console.error(err);
  killAllRunning('SIGKILL');
  cluster?.stop();
  totals.failed += 1;
  phases.push({ name: 'test runner crashed', result: 'failed', failed: true, ms: 0 });
  finish();
});
