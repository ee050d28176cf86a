import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/** The production copy of React Router (see apps/storefront/vite.config.ts for why). */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

export default defineConfig(({ command }) => ({
  base: '/admin/',
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    ...(command === 'build'
      ? {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: [{ name: (id: string) => (FRAMEWORK.test(id) ? 'framework' : null) }] },
            },
          },
        }
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
      }
    : {}),
}));
