import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/test.ts';

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

/**
 * Screens a session starts on (sign-in, home, the orders inbox and an order opened from a
 * notification) keep the 150 kB; a screen reached from the panel's menus is measured as a
 * cold load too, with 5 kB more (in use its own chunk is all that loads).
 */
const MENU_SCREEN_SLACK = 5_000;
/**
 * NOT MET YET: the setup is over and held at what it weighs today so it cannot grow unnoticed
 * (it loads zod and react-hook-form for its steps). Every list is under the 150 kB since the
 * panel's Button became a native <button> (react-aria's press handling was 13.6 kB on every
 * screen: orders 152.9 → 139.5), and the order page since its action sheets and its Other actions
 * menu load when first used (206.9 → 144.3). The Theme screen and the page editor are back under
 * the 155 kB (stop 47): the Theme screen's custom CSS limit no longer brings the owner schemas and
 * zod (it is a plain constant), the media library's picker loads when first pointed at or opened
 * (only its button and the thumbnail are first paint), a gallery's picture list is its own module,
 * a refused save's conflict notice loads when a save is refused, and the preview's Edit Page
 * loads its template lookup when pressed (theme 228.4 → 152.2); the page editor's shell no longer
 * reads the conflict's field names, whose block lines brought the content schemas and zod
 * (175.4 → 142.1).
 */
const OVER_BUDGET_TODAY: Record<string, number> = {
  // +0.5 kB: the Search and sharing card's entry and its lazy import (the card itself loads when opened).
  // +0.2 kB: the Theme place in the navigation and its icon (every screen's frame carries them).
  // +0.8 kB: a product's service details (services mode), part of the product schema that the
  // first-product step reads.
  // +0.7 kB: services mode's Applications and Shop mode places with their icons, and the store
  // mode the navigation reads to show Applications (the screens themselves load when opened).
  // +2.1 kB (231.7 → 233.8): the Settings place and its icon (+0.4, every frame), the owner
  // schemas' audit filters and plugin flags, and the shared schemas split into more chunks now
  // that the settings and plugin forms load them too (the plugins' config schemas no longer come
  // with it: their messages are a module of their own).
  // +2.5 kB: the template editor (issue 28) shares react-aria's drag and drop helpers and the
  // content schemas with setup's chunks, which the bundler now splits into smaller shared chunks
  // (compressing less well); plus the Pages & templates place. Measured with both: 236.2 kB.
  // +0.4 kB: the Pages place (issue 28), its icon and its two routes in React Router's manifest
  // (every screen's frame carries them), and the Menus place the same way: measured 236.8 kB.
  // +2.1 kB: the Blog, FAQs and Testimonials places with their icons and five routes in the
  // manifest, the sidebar's folding groups (every frame), and lib/api's shared editor helpers:
  // measured 238.9 kB in the CI-clone run of stop 35.
  // +0.5 kB: the Sliders and Forms places, their icons and four routes in the manifest, and the
  // media picker's shared upload helper (stop 36): measured 239.4 kB. +0.2 kB: the Media place,
  // its icon and its route in the manifest (issue 28): measured 239.6 kB. +0.5 kB: the Channels
  // place and route (issue 28) and the contract's growth (services texts and endpoints, stop 44):
  // measured 240.1 kB in the CI-clone run of stop 44.
  // +0.3 kB (stop 46): the contract's growth (fonts, section data, the stricter link rule):
  // measured 240.8 kB in the CI-clone run of stop 46.
  // +0.1 kB (stop 48): the testimonials editor now loads after its screen (277.4 → 140.3 kB), so
  // the drag and drop helpers it shares with setup's steps split into other shared chunks:
  // measured 241.03 kB. +0.3 kB (stop 48): the contract's growth that setup's shared chunks carry
  // (the web fonts' families, the History kinds, the newsletter section's schema and sign-up
  // source): measured 241.31 kB.
  setup: 241_400,
  // The same +0.7 kB on the staff screen (155.3 kB; its budget is the menu screens' 155 kB);
  // +0.4 kB for the Settings place and its icon, +0.5 kB for the Pages & templates place, its
  // icon and its two routes in React Router's manifest (every screen's frame carries them).
  // Measured with both: 156.5 kB. +0.2 kB each for the Menus and the Pages places, their icons
  // and their routes in the manifest (issue 28; every frame carries them): 156.9 kB. +1.3 kB for
  // the Blog, FAQs and Testimonials places and routes and the sidebar's folding groups: 158.2 kB.
  // +0.4 kB for the Sliders and Forms places and their routes (stop 36): 158.6 kB. +0.2 kB for
  // the Media place and its route (issue 28): 158.8 kB.
  // +0.1 kB for the Rename button's lazy import (stop 46): 159.2 kB.
  staff: 159_700,
};
const screens: Record<string, { routes: string[]; start: boolean }> = {
  'sign-in': { routes: ['routes/login'], start: true },
  home: { routes: ['routes/frame', 'routes/home'], start: true },
  orders: { routes: ['routes/frame', 'routes/orders'], start: true },
  order: { routes: ['routes/frame', 'routes/orders.$id'], start: true },
  activity: { routes: ['routes/frame', 'routes/activity'], start: false },
  customers: { routes: ['routes/frame', 'routes/customers'], start: false },
  customer: { routes: ['routes/frame', 'routes/customers.$id'], start: false },
  reviews: { routes: ['routes/frame', 'routes/reviews'], start: false },
  'sign-ups': { routes: ['routes/frame', 'routes/signups'], start: false },
  staff: { routes: ['routes/frame', 'routes/staff'], start: false },
  backups: { routes: ['routes/frame', 'routes/backups'], start: false },
  setup: { routes: ['routes/frame', 'routes/setup'], start: false },
  products: { routes: ['routes/frame', 'routes/products'], start: false },
  product: { routes: ['routes/frame', 'routes/products.$id'], start: false },
  'low-stock': { routes: ['routes/frame', 'routes/products.low-stock'], start: false },
  'form messages': { routes: ['routes/frame', 'routes/form-submissions'], start: false },
  'trade enquiries': { routes: ['routes/frame', 'routes/trade-enquiries'], start: false },
  theme: { routes: ['routes/frame', 'routes/theme'], start: false },
  settings: { routes: ['routes/frame', 'routes/settings'], start: false },
  'a settings group': { routes: ['routes/frame', 'routes/settings.$group'], start: false },
  opening: { routes: ['routes/frame', 'routes/settings.opening'], start: false },
  plugins: { routes: ['routes/frame', 'routes/plugins'], start: false },
  templates: { routes: ['routes/frame', 'routes/templates'], start: false },
  // The editor itself (drag and drop list, section forms) loads after the screen: measured here is the shell.
  template: { routes: ['routes/frame', 'routes/templates.$id'], start: false },
  menus: { routes: ['routes/frame', 'routes/menus'], start: false },
  // As the template editor: the menu editor loads after the screen.
  menu: { routes: ['routes/frame', 'routes/menus.$id'], start: false },
  pages: { routes: ['routes/frame', 'routes/pages'], start: false },
  // The page editor (Tiptap) loads after the screen: measured here is the shell.
  page: { routes: ['routes/frame', 'routes/pages.$id'], start: false },
  // The form editor (and its preview) loads after the screen; a refused save's notice when one happens.
  form: { routes: ['routes/frame', 'routes/forms.$id'], start: false },
  testimonials: { routes: ['routes/frame', 'routes/testimonials'], start: false },
};

test.describe('the panel’s JavaScript budget', () => {
  // Fails without a build: run `npm run build` first, as for every browser test.
  const manifest = existsSync(path.join(client, 'index.html')) ? readManifest() : null;
  for (const [screen, { routes: routeIds, start }] of Object.entries(screens)) {
    const budget = OVER_BUDGET_TODAY[screen] ?? (start ? BUDGET_BYTES : BUDGET_BYTES + MENU_SCREEN_SLACK);
    test(`${screen}: at most ${budget / 1000} kB of gzip JavaScript before it is interactive`, () => {
      expect(manifest, 'the panel is not built: run npm run build').not.toBeNull();
      const scripts = firstScreenScripts(manifest!, routeIds);
      const total = [...scripts].reduce((sum, s) => sum + gzipBytes(s), 0);
      console.log(`[admin budget] ${screen}: ${(total / 1000).toFixed(1)} kB gzip in ${scripts.size} files`);
      expect(total).toBeLessThanOrEqual(budget);
    });
  }

  test('the palette and zod are not part of any screen a session starts on', () => {
    const starts = Object.values(screens).filter((s) => s.start);
    const all = new Set(starts.flatMap((s) => [...firstScreenScripts(manifest!, s.routes)]));
    const names = [...all].map((s) => path.basename(s));
    expect(names.filter((n) => /^(palette|schemas)-/.test(n))).toEqual([]);
    // zod by its own error class, whatever chunk a shared schema module lands in.
    const withZod = [...all].filter((s) =>
      readFileSync(path.join(client, s.replace(/^\/admin\//, '')), 'utf8').includes('ZodError'),
    );
    expect(withZod).toEqual([]);
  });
});
