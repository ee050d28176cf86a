import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
const shared = process.argv[2] === 'shared';
let mod;
if (shared) {
  const c = process.cpuUsage();
  mod = await WebAssembly.compile(readFileSync(new URL('./node_modules/@electric-sql/pglite/dist/pglite.wasm', import.meta.url)));
  const d = process.cpuUsage(c); console.log('compile', ((d.user + d.system) / 1e6).toFixed(2));
}
for (let i = 0; i < 4; i++) {
  const c0 = process.cpuUsage(); const t0 = Date.now();
  const db = await PGlite.create({ extensions: { pg_trgm }, ...(mod ? { pgliteWasmModule: mod } : {}) });
  await db.query("select count(*) from pg_class where relname like '%a%'");
  const c1 = process.cpuUsage(c0);
  console.log('create', Date.now() - t0, 'ms wall', ((c1.user + c1.system) / 1e6).toFixed(2), 'CPU-s');
  await db.close();
}
