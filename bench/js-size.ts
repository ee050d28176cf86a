/**
 * `npx tsx bench/js-size.ts` (after `npm run build`): the storefront's first-load JavaScript per
 * page route, as issue 30 counts it: the entry, the root route and the page's route module with
 * all their static imports (the files React Router's manifest lists, which the page preloads
 * before it is interactive), each gzipped at level 6. What a route loads later with import() is
 * not counted. The manifest script itself is shown apart (every page loads it once).
 * Flags: --top=N biggest chunks listed (12); --json prints the figures as JSON instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ASSETS = path.join(ROOT, 'apps/storefront/build/client/assets');
/** Issue 30's aim, in kB (1,000 bytes) of gzip. */
const AIM_KB = 140;

interface ManifestRoute {
  id: string;
  path?: string;
  index?: boolean;
  parentId?: string;
  hasDefaultExport: boolean;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const top = Number(flag('top') ?? 12);
const asJson = process.argv.includes('--json');

const manifestFile = readdirSync(ASSETS).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`no manifest-*.js in ${ASSETS}: run npm run build first`);
const manifestSource = readFileSync(path.join(ASSETS, manifestFile), 'utf8');
const manifest = JSON.parse(
  manifestSource.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, ''),
) as Manifest;

const sizes = new Map<string, { raw: number; gzip: number }>();
function sizeOf(url: string) {
  let s = sizes.get(url);
  if (!s) {
    const body = readFileSync(path.join(ASSETS, url.replace(/^\/assets\//, '')));
    s = { raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
    sizes.set(url, s);
  }
  return s;
}

/** The route and its ancestors up to the root (a nested page loads its parents' modules too). */
function lineage(route: ManifestRoute): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    chain.push(r);
  }
  return chain;
}

const pages = Object.values(manifest.routes).filter((r) => r.id !== 'root' && r.hasDefaultExport);
const rows = pages.map((route) => {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of lineage(route)) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const s = sizeOf(f);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { route: route.id, files: files.size, raw, gzip };
});
rows.sort((a, b) => b.gzip - a.gzip);

const manifestGzip = gzipSync(manifestSource, { level: 6 }).length;
const kB = (n: number) => (n / 1000).toFixed(1);
const KiB = (n: number) => (n / 1024).toFixed(1);

if (asJson) {
  console.log(JSON.stringify({ manifestGzip, pages: rows }, null, 2));
} else {
  console.log(`first-load JavaScript per page route, gzip level 6 (aim ${AIM_KB} kB):`);
  console.log('kB = 1,000 bytes, KiB = 1,024; the manifest script, loaded once by every page, is not included\n');
  const width = Math.max(...rows.map((r) => r.route.length));
  console.log(`${'route'.padEnd(width)}  files  raw kB  gzip kB  gzip KiB`);
  for (const r of rows) {
    const mark = r.gzip / 1000 > AIM_KB ? '  over' : '';
    console.log(
      `${r.route.padEnd(width)}  ${String(r.files).padStart(5)}  ${kB(r.raw).padStart(6)}  ${kB(r.gzip).padStart(7)}  ${KiB(r.gzip).padStart(8)}${mark}`,
    );
  }
  console.log(`\nmanifest ${manifestFile}: ${kB(manifestGzip)} kB gzip`);
  // Every chunk a first load may fetch, biggest first (lazy chunks are not listed).
  const used = new Set<string>();
  for (const route of pages)
    for (const r of lineage(route)) for (const f of [r.module, ...(r.imports ?? [])]) used.add(f);
  for (const f of [manifest.entry.module, ...manifest.entry.imports]) used.add(f);
  const chunks = [...used].map((f) => ({ file: f.replace(/^\/assets\//, ''), ...sizeOf(f) }));
  chunks.sort((a, b) => b.gzip - a.gzip);
  console.log(`\nbiggest first-load chunks (of ${chunks.length}):`);
  for (const c of chunks.slice(0, top)) {
    console.log(`  ${c.file.padEnd(44)} ${kB(c.raw).padStart(7)} kB raw  ${kB(c.gzip).padStart(6)} kB gzip`);
  }
}
