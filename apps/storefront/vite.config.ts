import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rolldown } from 'vite';
import { webFonts } from './web-fonts.ts';

/**
 * react-router 7's package exports name only its development build, for every condition
 * (remix-run/react-router#12437, "temporary"), so a plain build ships dev warnings and checks
 * to browsers and runs them on the server. The build points at the production copy instead and
 * bundles it into the server build (with @react-router/node, which imports it), so the SSR
 * handler and the routes share that one copy; server.ts takes the handler from the build.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/**
 * The browser build in few files instead of ~45: on a phone every request costs a round trip, and
 * a page preloads its whole static import graph before it is interactive. Two shared chunks:
 * - `framework`: React, React DOM and React Router, the same on every page;
 * - `shell`: everything root.tsx imports statically (header, footer, cart and auth state, UI
 *   primitives), which every page loads anyway, so merging costs no page a byte more.
 * Modules only some routes use stay in their route's chunks (or shared chunks among those routes),
 * and what is imported with `import()` (dialogs, validation) stays a separate download.
 */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const ROOT_ROUTE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app', 'root.tsx');

const APP_DIR = path.dirname(ROOT_ROUTE) + path.sep;

/**
 * root.tsx and the storefront modules it imports statically, directly or not. The walk stays in
 * app/: the contract is imported through its index, which names every schema, so following it
 * would drag zod into every page (tree-shaking drops what is unused only outside a forced group).
 */
function shellModules(ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>();
  const walk = [ROOT_ROUTE, `${ROOT_ROUTE}?__react-router-build-client-route`];
  while (walk.length) {
    const id = walk.pop()!;
    if (seen.has(id) || !id.startsWith(APP_DIR)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    walk.push(...info.importedIds);
  }
  return seen;
}

const ROUTES_DIR = path.join(APP_DIR, 'routes');
/** The page routes (`.ts` ones are resource routes: no UI, not in the browser build). */
const PAGE_ROUTES = readdirSync(ROUTES_DIR)
  .filter((f) => f.endsWith('.tsx'))
  .map((f) => path.join(ROUTES_DIR, f));
/** The three page types a visitor lands on from a search engine or a link. */
const LANDING_ROUTES = ['home', 'product', 'product-category'].map((name) => path.join(ROUTES_DIR, `${name}.tsx`));
/** A module this many page routes import goes in `shell`: nearly every page loads it anyway. */
const WIDELY_SHARED = 10;

/** The storefront modules a route module imports statically, directly or not (itself excluded). */
function routeImports(ctx: Rolldown.ChunkingContext, route: string): Set<string> {
  const seen = new Set<string>();
  const walk = [route, `${route}?__react-router-build-client-route`];
  while (walk.length) {
    const id = walk.pop()!;
    if (seen.has(id) || !id.startsWith(APP_DIR)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    walk.push(...info.importedIds);
  }
  for (const id of seen) if (id.startsWith(route)) seen.delete(id);
  return seen;
}

/**
 * Two more sets of storefront modules, outside the shell:
 * - `widely`: the small helpers ten or more pages import (spinner, responsive image, money format):
 *   they join `shell`;
 * - `catalog`: what two of the landing pages (home, product, listing) share: product card, stars,
 *   wishlist button, pagination, breadcrumbs, product rail.
 * Left to itself, Rolldown gives each set of importing routes a chunk of its own: a product page
 * fetched some twenty files of a few hundred bytes each, and gzip compresses small files badly
 * (each starts with an empty dictionary), so one chunk of them is about a quarter smaller.
 */
function sharedModules(ctx: Rolldown.ChunkingContext, shell: Set<string>) {
  const pages = new Map<string, number>();
  const landing = new Map<string, number>();
  for (const route of PAGE_ROUTES) {
    const isLanding = LANDING_ROUTES.includes(route);
    for (const id of routeImports(ctx, route)) {
      if (shell.has(id)) continue;
      pages.set(id, (pages.get(id) ?? 0) + 1);
      if (isLanding) landing.set(id, (landing.get(id) ?? 0) + 1);
    }
  }
  const widely = new Set([...pages].filter(([, n]) => n >= WIDELY_SHARED).map(([id]) => id));
  const catalog = new Set([...landing].filter(([id, n]) => n >= 2 && !widely.has(id)).map(([id]) => id));
  return { widely, catalog };
}

/**
 * The three groups, in this order of priority: a group takes in the modules its own modules import
 * (Rolldown's includeDependenciesRecursively), so React has to be claimed by `framework` before
 * `shell` or `catalog` would draw it in.
 */
function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  let shell: Set<string> | null = null;
  let shared: ReturnType<typeof sharedModules> | null = null;
  const shellOf = (ctx: Rolldown.ChunkingContext) => {
    shell ??= shellModules(ctx);
    if (shell.size < 2) throw new Error(`vite.config.ts: ${ROOT_ROUTE} is not in the client build's graph`);
    return shell;
  };
  const sharedOf = (ctx: Rolldown.ChunkingContext) => (shared ??= sharedModules(ctx, shellOf(ctx)));
  return [
    { name: 'framework', priority: 3, test: FRAMEWORK },
    {
      // The route modules themselves stay entries of their own (React Router loads them by name).
      name: (id, ctx) =>
        (shellOf(ctx).has(id) && !id.startsWith(ROOT_ROUTE)) || sharedOf(ctx).widely.has(id) ? 'shell' : null,
      priority: 2,
    },
    {
      name: (id, ctx) => (sharedOf(ctx).catalog.has(id) ? 'catalog' : null),
      priority: 1,
    },
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), webFonts()],
  build: {
    assetsInlineLimit: 0,
    ...(command === 'build' && !isSsrBuild
      ? { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } } }
      : {}),
  },
  ...(command === 'build'
    ? {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
          ],
        },
        ssr: { noExternal: ['react-router', '@react-router/node'] },
      }
    : {}),
}));
