#!/usr/bin/env node
// The gzip JavaScript a first visit to a page downloads before it is interactive, read from the
// build (`npm run build` first): the entry, the framework and every module React Router's manifest
// lists for `root` and the page's route, as their precompressed `.gz` files. Lazy chunks (dialogs,
// quick view, validation loaded on first use) are not counted. ADR 0030 keeps the figures; the
// panel's budget is enforced by tests/e2e/admin-budget.spec.ts.
//   node scripts/js-sizes.mjs [routes/product routes/cart …]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/storefront/build/client');
const DEFAULT_ROUTES = [
  'routes/home',
  'routes/product',
  'routes/product-category',
  'routes/shop-online',
  'routes/search',
  'routes/cart',
  'routes/checkout.address',
  'routes/checkout.payment',
  'routes/account.orders',
];

const manifestFile = readdirSync(path.join(client, 'assets')).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) throw new Error('no React Router manifest: run `npm run build` first');
const manifest = JSON.parse(
  readFileSync(path.join(client, 'assets', manifestFile), 'utf8')
    .replace(/^window\.__reactRouterManifest=/, '')
    .replace(/;\s*$/, ''),
);

/** Gzip bytes of one built file, as the server sends it (its precompressed .gz, else level 9). */
function gzipBytes(url) {
  const file = path.join(client, url.replace(/^\//, ''));
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const root = manifest.routes.root;
const shared = new Set([manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])]);
for (const id of process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_ROUTES) {
  const route = manifest.routes[id];
  if (!route) {
    console.log(`${id.padEnd(26)} not in the manifest`);
    continue;
  }
  const own = [route.module, ...(route.imports ?? [])].filter((u) => !shared.has(u));
  const total = [...shared, ...own].reduce((sum, u) => sum + gzipBytes(u), 0);
  const heaviest = own
    .map((u) => [path.basename(u), gzipBytes(u)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${kB(bytes)}`)
    .join(', ');
  console.log(
    `${id.padEnd(26)} ${kB(total).padStart(9)}  ${String(shared.size + own.length).padStart(2)} files  (heaviest own: ${heaviest})`,
  );
}
console.log(`framework + entry + root: ${kB([...shared].reduce((sum, u) => sum + gzipBytes(u), 0))}`);
