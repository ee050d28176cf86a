// `npm run build`'s last step: the API server (apps/api/src/server.ts and what it imports, with the
// shared package) compiled into one file, apps/api/dist/server.js, that plain `node` runs (`npm
// start`): no TypeScript compiler at start, ~1/3 of tsx's start-up CPU. The command-line tools
// likewise (API_ENTRIES), so a production install needs no tsx. npm packages stay outside
// the bundle (node_modules is there at run time; PGlite, sharp and argon2 load files of their own).
//
// Modules that find files beside themselves (the migrations, the storefront build, the demo's
// drawings) do it from `import.meta.url`; in the bundle each gets its own source file's URL back,
// computed from the bundle's place, so the same relative paths hold as under tsx.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { API_ENTRIES } from './lib/api-entries.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'apps/api/dist');

/** Our own TypeScript: the API and the shared package (its package.json points at its sources). */
const OWN_SOURCES = /\/(apps\/api\/src|packages\/shared\/src)\/.*\.ts$/;

/** `import.meta.url`, `.filename`, `.dirname` as the source module itself would read them. */
const sourceLocation = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: OWN_SOURCES }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
      const rel = JSON.stringify(path.relative(OUT_DIR, args.path).split(path.sep).join('/'));
      const url = `new URL(${rel}, import.meta.url).href`;
      const contents = text
        .replaceAll('import.meta.url', url)
        .replaceAll('import.meta.filename', `__fileURLToPath(${url})`)
        .replaceAll('import.meta.dirname', `__pathDirname(__fileURLToPath(${url}))`);
      return { contents, loader: 'ts' };
    });
  },
};

/** Bundles `@shopfront/shared` (TypeScript sources); every other package is imported at run time. */
const sharedInside = {
  name: 'shared-inside',
  setup(b) {
    b.onResolve({ filter: /^@shopfront\/shared$/ }, () => ({
      path: path.join(ROOT, 'packages/shared/src/index.ts'),
    }));
  },
};

const started = Date.now();
let bytes = 0;
for (const [name, entry] of Object.entries(API_ENTRIES)) {
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile: path.join(OUT_DIR, `${name}.js`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    banner: {
      js: [
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        "import { dirname as __pathDirname } from 'node:path';",
      ].join('\n'),
    },
    plugins: [sharedInside, sourceLocation],
  });
  bytes += Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
}
console.log(
  `api: ${Object.keys(API_ENTRIES)
    .map((n) => `${n}.js`)
    .join(
      ', ',
    )} in ${path.relative(ROOT, OUT_DIR)} (${(bytes / 1024).toFixed(0)} KiB with source maps) in ${Date.now() - started} ms`,
);
