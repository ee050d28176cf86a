import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/*
 * The panel's JavaScript budget (ADR 0034): the first screen (the sign-in, or a signed-in list)
 * loads at most 150 kB of gzip JavaScript. Read from the build (`npm run build` first): the
 * scripts index.html preloads, plus every module React Router's manifest lists for the routes
 * that screen matches. Lazy chunks (the palette, form validation, dialogs) are not counted.
 */
const BUDGET_BYTES = 150_000;
const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/admin/build/client');

interface ManifestRoute {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  const file = readdirSync(path.join(client, 'assets')).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error('no React Router manifest in the panel build');
  const js = readFileSync(path.join(client, 'assets', file), 'utf8');
  return JSON.parse(js.replace(/^window\.__reactRouterManifest=/, '').replace(/;\s*$/, '')) as Manifest;
}

/** Gzip bytes of one built file, as the server sends it (its precompressed .gz, else level 9). */
function gzipBytes(url: string): number {
  const file = path.join(client, url.replace(/^\/admin\//, ''));
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Every script a first visit to a screen made of `routeIds` downloads before it is interactive. */
function firstScreenScripts(manifest: Manifest, routeIds: string[]): Set<string> {
  const html = readFileSync(path.join(client, 'index.html'), 'utf8');
  const scripts = new Set<string>([...html.matchAll(/\/admin\/assets\/[\w.-]+\.js/g)].map((m) => m[0]));
  scripts.add(manifest.entry.module);
  manifest.entry.imports.forEach((s) => scripts.add(s));
  for (const id of ['root', ...routeIds]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the panel manifest`);
    scripts.add(route.module);
    route.imports?.forEach((s) => scripts.add(s));
  }
  return scripts;
}

const screens: Record<string, string[]> = {
  'sign-in': ['routes/login'],
  home: ['routes/frame', 'routes/home'],
  activity: ['routes/frame', 'routes/activity'],
  'sign-ups': ['routes/frame', 'routes/signups'],
  staff: ['routes/frame', 'routes/staff'],
};

describe('the panel’s JavaScript budget', () => {
  // Fails without a build: run `npm run build` first, as for every browser test.
  const manifest = existsSync(path.join(client, 'index.html')) ? readManifest() : null;
  for (const [screen, routeIds] of Object.entries(screens)) {
    it(`${screen}: at most ${BUDGET_BYTES / 1000} kB of gzip JavaScript before it is interactive`, () => {
      expect(manifest, 'the panel is not built: run npm run build').not.toBeNull();
      const scripts = firstScreenScripts(manifest!, routeIds);
      const total = [...scripts].reduce((sum, s) => sum + gzipBytes(s), 0);
      console.log(`[admin budget] ${screen}: ${(total / 1000).toFixed(1)} kB gzip in ${scripts.size} files`);
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }

  it('the palette and zod are not part of any first screen', () => {
    const all = new Set(Object.values(screens).flatMap((ids) => [...firstScreenScripts(manifest!, ids)]));
    const names = [...all].map((s) => path.basename(s));
    expect(names.filter((n) => /^(palette|schemas)-/.test(n))).toEqual([]);
  });
});
