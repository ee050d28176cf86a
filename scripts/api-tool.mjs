// `npm run db:migrate|db:seed|db:create-owner|backup|restore|shop`: runs one of the API's
// command-line tools (scripts/lib/api-entries.mjs) in this process.
//
// - Compiled (apps/api/dist/<tool>.js, written by `npm run build`) when it is at least as new as
//   the sources: plain node, no TypeScript compiler at run time.
// - Otherwise from the sources through tsx, when tsx is installed (a development install, where a
//   source was just edited).
// - A production install (`npm ci --omit=dev`: no tsx) runs the compiled file even when older than
//   the sources, with a warning; with none, it says to build.
//
// usage: node scripts/api-tool.mjs <tool> [arguments of the tool]
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_ENTRIES, API_SOURCES } from './lib/api-entries.mjs';
import { newestMtime } from './lib/mtime.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tool = process.argv[2];
const source = API_ENTRIES[tool];
if (!source || tool === 'server') {
  console.error(
    `usage: node scripts/api-tool.mjs ${Object.keys(API_ENTRIES)
      .filter((t) => t !== 'server')
      .join('|')} [arguments]`,
  );
  process.exit(2);
}

const compiled = path.join(ROOT, 'apps/api/dist', `${tool}.js`);
const builtAt = existsSync(compiled) ? statSync(compiled).mtimeMs : 0;
const fresh = builtAt > 0 && API_SOURCES.every((s) => newestMtime(path.join(ROOT, s)) <= builtAt);
const tsxInstalled = existsSync(path.join(ROOT, 'node_modules/tsx/package.json'));

// The tool reads its own arguments from process.argv.slice(2), as when started directly.
process.argv.splice(2, 1);
if (fresh || (builtAt > 0 && !tsxInstalled)) {
  if (!fresh)
    console.warn(
      `${path.relative(ROOT, compiled)} is older than its sources, and tsx is not installed: running it as it is`,
    );
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(compiled).href);
} else if (tsxInstalled) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(ROOT, source)).href);
} else {
  console.error(
    `${path.relative(ROOT, compiled)} is missing and tsx is not installed. Build first: npm ci && npm run build`,
  );
  process.exit(1);
}
