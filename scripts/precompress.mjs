// The last step of `npm run build`: a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// beside every text file of the storefront's client build, so the server sends hashed assets
// compressed at the best ratio without compressing them per request (@fastify/static's
// `preCompressed`; apps/api/src/ssr/storefront.ts). A copy no smaller than its file is not kept.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

const root = path.resolve(process.argv[2] ?? 'apps/storefront/build/client');
let count = 0;
let raw = 0;
let br = 0;
for (const file of files(root)) {
  const size = statSync(file).size;
  if (size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < size) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < size) writeFileSync(`${file}.gz`, gzip);
  count += 1;
  raw += size;
  br += Math.min(brotli.length, size);
}
console.log(`precompress: ${count} files, ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`);
