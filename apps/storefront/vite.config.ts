import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

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

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
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
