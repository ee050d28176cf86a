/**
 * `npm run bench:lighthouse` (after `npm run build`): starts the built shop on a fresh demo
 * database (127.0.0.1 only), runs Lighthouse's default mobile audit (Moto G Power screen,
 * simulated slow 4G and 4× CPU slowdown) against Debian's Chromium a few times per page, prints
 * the medians and rewrites docs/lighthouse.md.
 * Flags: --runs=N (3); --pages=/a,/b (the default list below); --no-write;
 * --url=http://127.0.0.1:PORT audits a shop that is already running instead of starting one;
 * --reports=DIR keeps each run's full Lighthouse report (JSON) there, for the details;
 * --throttling=devtools throttles the real connection and CPU (DevTools' slow 4G: 562.5 ms RTT,
 * 1.47 Mbit/s down) instead of simulating them from an unthrottled load, and writes
 * docs/lighthouse-devtools.md: slower and noisier, but what a phone on that network would see.
 * Then Interaction to Next Paint (bench/inp.ts): a few taps per page under the same phone
 * conditions (4× CPU slowdown), --inp-runs=N (3) times each; --inp-runs=0 leaves it out, --only-inp
 * measures nothing else (and writes nothing).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs';
import { freePort } from '../scripts/lib/pg-cluster.mjs';
import { machine } from './machine.ts';
import { killAllServersNow, startServer, type RunningServer } from './server.ts';
import { INP_FLOWS, measureInp, type InpRun } from './inp.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = CHROMIUM_PATH;

const DEFAULT_PAGES = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/product/organic-cotton-crew-tee' },
  { name: 'listing', path: '/product-category/t-shirts' },
  { name: 'shop-all', path: '/shop-online' },
];

function stringArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const RUNS = Number(stringArg('runs') ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number, at least 1');
const ONLY_INP = process.argv.includes('--only-inp');
const WRITE = !process.argv.includes('--no-write') && !ONLY_INP;
const INP_RUNS = Number(stringArg('inp-runs') ?? 3);
if (!Number.isInteger(INP_RUNS) || INP_RUNS < 0) throw new Error('--inp-runs must be a whole number');
const EXTERNAL_URL = stringArg('url');
const REPORTS_DIR = stringArg('reports');
const THROTTLING_ARG = stringArg('throttling') ?? 'simulate';
if (THROTTLING_ARG !== 'simulate' && THROTTLING_ARG !== 'devtools') {
  throw new Error('--throttling must be simulate or devtools');
}
const THROTTLING: 'simulate' | 'devtools' = THROTTLING_ARG;
const PAGES =
  stringArg('pages')
    ?.split(',')
    .filter(Boolean)
    .map((p) => ({ name: p, path: p })) ?? DEFAULT_PAGES;

/** Everything the audits measure, per run. */
interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Bytes of JavaScript on the wire, as the server sent it (compressed or not). */
  jsTransferred: number;
  /** The same scripts gzipped (level 6), whatever the server sent: the size the aim is written in. */
  jsGzip: number;
  scripts: number;
  /** Failing audits of the accessibility category, with a few of the elements they name. */
  a11yFailures: { id: string; title: string; nodes: string[] }[];
}
interface PageResult {
  name: string;
  path: string;
  runs: RunFigures[];
  median: RunFigures;
}

const chromes = new Set<chromeLauncher.LaunchedChrome>();
let server: RunningServer | null = null;
function killChromesNow() {
  for (const c of chromes) {
    try {
      c.kill();
    } catch {
      // Already gone.
    }
  }
  chromes.clear();
}
process.on('exit', killChromesNow);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: stopping Chromium and the server`);
    killChromesNow();
    killAllServersNow();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

const gzipCache = new Map<string, number>();
/** The gzip size of a script, fetched again outside the audit (identity encoding). */
async function gzipSizeOf(url: string): Promise<number> {
  const known = gzipCache.get(url);
  if (known !== undefined) return known;
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await res.arrayBuffer());
  const size = gzipSync(body, { level: 6 }).length;
  gzipCache.set(url, size);
  return size;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface NodeItem {
  node?: { selector?: string; snippet?: string };
}

async function auditOnce(url: string, reportName: string): Promise<RunFigures> {
  // A fresh browser (and profile) per run: nothing cached, nothing left from the last one.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    handleSIGINT: false,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  chromes.add(chrome);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      throttlingMethod: THROTTLING,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(path.join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr));
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;

    const network = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const scripts = network.filter((r) => r.resourceType === 'Script');
    let jsGzip = 0;
    for (const s of scripts) jsGzip += await gzipSizeOf(s.url);

    const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => ({
        id: a.id,
        title: a.title,
        nodes: ((a.details as { items?: NodeItem[] } | undefined)?.items ?? [])
          .slice(0, 3)
          .map((i) => i.node?.selector ?? i.node?.snippet ?? '?'),
      }));

    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      jsTransferred: scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0),
      jsGzip,
      scripts: scripts.length,
      a11yFailures,
    };
  } finally {
    chromes.delete(chrome);
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure is the median of its own runs; the accessibility failures are the median run's. */
function medianOf(runs: RunFigures[]): RunFigures {
  const m = (pick: (r: RunFigures) => number) => median(runs.map(pick));
  const perf = m((r) => r.performance);
  const closest = runs.reduce((a, b) => (Math.abs(b.performance - perf) < Math.abs(a.performance - perf) ? b : a));
  return {
    performance: perf,
    accessibility: m((r) => r.accessibility),
    bestPractices: m((r) => r.bestPractices),
    seo: m((r) => r.seo),
    lcpMs: m((r) => r.lcpMs),
    cls: m((r) => r.cls),
    tbtMs: m((r) => r.tbtMs),
    fcpMs: m((r) => r.fcpMs),
    jsTransferred: m((r) => r.jsTransferred),
    jsGzip: m((r) => r.jsGzip),
    scripts: m((r) => r.scripts),
    a11yFailures: closest.a11yFailures,
  };
}

interface InpResult {
  name: string;
  path: string;
  runs: InpRun[];
  medianMs: number;
}

/** The interaction behind the median run's INP, e.g. `pointerup on label "Olive"`. */
function worstOf(r: InpResult): string {
  const sorted = [...r.runs].sort((a, b) => a.inpMs - b.inpMs);
  const mid = sorted[Math.floor(sorted.length / 2)]!;
  const worst = mid.interactions.reduce<InpRun['interactions'][number] | null>(
    (a, b) => (a && a.ms >= b.ms ? a : b),
    null,
  );
  return worst ? `${worst.type} on ${worst.target}` : 'none';
}

const INP_HEAD = ['flow', 'page', 'INP ms (median)', 'runs (ms)', 'interactions', 'slowest (median run)'];
function inpCells(r: InpResult): string[] {
  return [
    r.name,
    r.path,
    String(Math.round(r.medianMs)),
    r.runs.map((x) => Math.round(x.inpMs)).join(', '),
    String(median(r.runs.map((x) => x.interactions.length))),
    worstOf(r).replace(/\|/g, '/'),
  ];
}

function printInp(results: InpResult[]) {
  if (!results.length) return;
  console.log(`\nInteraction to Next Paint (412×823, 4× CPU slowdown, slow 4G), median of ${INP_RUNS} run(s)`);
  for (const r of results) console.log(inpCells(r).join('  |  '));
}

function inpMarkdown(results: InpResult[]): string {
  if (!results.length) return '';
  return `
## Interaction to Next Paint

Measured by bench/inp.ts after the audits: the built shop as above, Debian's Chromium driven by
playwright-core on Lighthouse's mobile screen (412×823, DPR 1.75, touch) with its 4× CPU
slowdown (DevTools' CPU throttling) and slow 4G (150 ms RTT, 1.6 Mbit/s down), a fresh profile per
run, the cookie choice already made. A PerformanceObserver of \`event\` entries (durationThreshold 16 ms),
as web-vitals does it: an interaction's latency is its longest entry (input delay, processing,
presentation; Chromium rounds to 8 ms), INP the worst interaction of the visit. Interactions
under 16 ms are not reported by the browser and count as 0. Good is at most 200 ms.

| ${INP_HEAD.join(' | ')} |
|${INP_HEAD.map((_, i) => (i < 2 || i > 3 ? '---' : '---:')).join('|')}|
${results.map((r) => `| ${inpCells(r).join(' | ')} |`).join('\n')}
`;
}

const HEAD = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP s', 'CLS', 'TBT ms', 'FCP s', 'JS sent kB', 'JS gzip kB'];
function cells(p: PageResult): string[] {
  const f = p.median;
  return [
    p.path,
    String(f.performance),
    String(f.accessibility),
    String(f.bestPractices),
    String(f.seo),
    (f.lcpMs / 1000).toFixed(2),
    f.cls.toFixed(3),
    String(Math.round(f.tbtMs)),
    (f.fcpMs / 1000).toFixed(2),
    (f.jsTransferred / 1000).toFixed(1),
    `${(f.jsGzip / 1000).toFixed(1)} (${f.scripts} files)`,
  ];
}

function printTable(pages: PageResult[]) {
  const rows = pages.map(cells);
  const widths = HEAD.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (c: string[]) => c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\nLighthouse mobile, median of ${RUNS} run(s)`);
  console.log(fmt(HEAD));
  for (const r of rows) console.log(fmt(r));
}

function failuresText(pages: PageResult[]): string {
  const lines: string[] = [];
  for (const p of pages) {
    for (const f of p.median.a11yFailures) {
      lines.push(
        `- \`${p.path}\` **${f.id}** (${f.title})${f.nodes.length ? `: ${f.nodes.map((n) => `\`${n}\``).join(', ')}` : ''}`,
      );
    }
  }
  return lines.length ? lines.join('\n') : 'None: every page scores 100.';
}

function machineWithBrowser() {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Reported by the launch itself.
  }
  const lighthouseVersion = (
    JSON.parse(readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
  ).version;
  return { ...machine(), chromium, lighthouse: lighthouseVersion };
}

function markdown(
  pages: PageResult[],
  inp: InpResult[],
  m: ReturnType<typeof machineWithBrowser>,
  date: string,
  endLoad: string,
): string {
  const rows = pages.map(cells);
  return `# Lighthouse

Written by \`npm run bench:lighthouse${THROTTLING === 'simulate' ? '' : ' -- --throttling=devtools'}\` (bench/lighthouse.ts); every run overwrites this file.

- **Date:** ${date}
- **Machine:** ${m.nproc} CPUs (nproc), ${m.model}, ${m.memGiB} GiB RAM, ${m.os}
- **Node / Lighthouse / browser:** ${m.node} / lighthouse ${m.lighthouse} / ${m.chromium} (headless)
- **Load average when the run started (1 / 5 / 15 min):** ${m.load}; when it ended: ${endLoad}
- **Commit:** ${m.commit}
- **Method:** the built shop (\`npm run build\`, then what \`npm start\` runs, NODE_ENV=production) on a
  freshly seeded demo database on 127.0.0.1, each page fetched once before the audits. Lighthouse's
  default configuration: mobile form factor (412×823, DPR 1.75), ${
    THROTTLING === 'simulate'
      ? 'simulated throttling (150 ms RTT, 1.6 Mbit/s down, 4× CPU slowdown)'
      : 'applied DevTools throttling (562.5 ms RTT, 1.47 Mbit/s down, 4× CPU slowdown)'
  }, a new Chromium profile per run, so every run is a first visit
  (no cookies: the consent banner shows). ${RUNS} run(s) per page; each figure is the median of its
  own runs. "JS sent" is the scripts' bytes on the wire as the server sent them; "JS gzip" is the
  same scripts gzipped at level 6, i.e. what a page downloads before any interaction whatever the
  server's compression.

| ${HEAD.join(' | ')} |
|${HEAD.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|
${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}

## Failing accessibility audits (the median run of each page)

${failuresText(pages)}
${inpMarkdown(inp)}`;
}

async function main() {
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const m = machineWithBrowser();
  console.log(
    `lighthouse ${m.lighthouse}: ${m.nproc} CPUs, ${m.model}, node ${m.node}, ${m.chromium}, load ${m.load}; ${PAGES.length} pages × ${RUNS} runs`,
  );
  let baseUrl = EXTERNAL_URL?.replace(/\/$/, '');
  if (!baseUrl) {
    const port = await freePort();
    console.log(`starting the built shop on 127.0.0.1:${port}`);
    server = await startServer({ root: ROOT, port });
    baseUrl = server.baseUrl;
    console.log(`  up (pid ${server.pid})`);
  }
  const results: PageResult[] = [];
  const inpResults: InpResult[] = [];
  try {
    for (const page of ONLY_INP ? [] : PAGES) {
      const url = baseUrl + page.path;
      // The first render of a page warms the server (caches, lazy imports); audit the steady state.
      const warm = await fetch(url);
      await warm.arrayBuffer();
      if (!warm.ok) throw new Error(`${page.path} answers ${warm.status}`);
      const runs: RunFigures[] = [];
      for (let i = 1; i <= RUNS; i++) {
        process.stdout.write(`  ${page.path} run ${i}/${RUNS} ... `);
        const label = `${page.name.replace(/[^a-z0-9-]+/gi, '_')}-${i}`;
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run once more.
        const r = await auditOnce(url, label).catch((err: unknown) => {
          process.stdout.write(`(${(err as Error).message.split('\n')[0]}; again) `);
          return auditOnce(url, label);
        });
        console.log(
          `perf ${r.performance}, a11y ${r.accessibility}, LCP ${(r.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}`,
        );
        runs.push(r);
      }
      results.push({ ...page, runs, median: medianOf(runs) });
    }
    for (const flow of INP_RUNS > 0 ? INP_FLOWS : []) {
      const runs: InpRun[] = [];
      for (let i = 1; i <= INP_RUNS; i++) {
        process.stdout.write(`  INP ${flow.name} run ${i}/${INP_RUNS} ... `);
        const r = await measureInp(baseUrl, flow);
        console.log(`${Math.round(r.inpMs)} ms (${r.interactions.map((x) => Math.round(x.ms)).join(', ')})`);
        runs.push(r);
      }
      inpResults.push({ name: flow.name, path: flow.path, runs, medianMs: median(runs.map((r) => r.inpMs)) });
    }
  } finally {
    await server?.stop();
    server = null;
  }

  if (results.length) {
    printTable(results);
    console.log(`\nFailing accessibility audits:\n${failuresText(results)}`);
  }
  printInp(inpResults);
  if (WRITE) {
    const file = path.join(ROOT, 'docs', THROTTLING === 'simulate' ? 'lighthouse.md' : 'lighthouse-devtools.md');
    const endLoad = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ');
    writeFileSync(file, markdown(results, inpResults, m, date, endLoad));
    console.log(`\nwrote ${path.relative(ROOT, file)}`);
  }
}

main().catch((err) => {
  console.error(err);
  killChromesNow();
  killAllServersNow();
  process.exit(1);
});
