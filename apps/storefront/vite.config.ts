import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rolldown } from 'vite';

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

function chunkName(): Rolldown.CodeSplittingNameFunction {
  let shell: Set<string> | null = null;
  return (id, ctx) => {
    if (FRAMEWORK.test(id)) return 'framework';
    shell ??= shellModules(ctx);
    if (shell.size < 2) throw new Error(`vite.config.ts: ${ROOT_ROUTE} is not in the client build's graph`);
    // The route modules themselves stay entries of their own (React Router loads them by name).
    if (shell.has(id) && !id.startsWith(ROOT_ROUTE)) return 'shell';
    return null;
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    ...(command === 'build' && !isSsrBuild
      ? { rolldownOptions: { output: { codeSplitting: { groups: [{ name: chunkName() }] } } } }
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
