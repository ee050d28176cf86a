// Run as `npm run lock:fix`. npm omits optional platform packages it cannot fetch from the lockfile,
// which makes `npm ci` refuse the lockfile as out of sync; the placeholders carry os/cpu so npm skips them here.
// Adds inert lock entries for platform-specific optional packages the registry here does not serve.
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2];
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pk = lock.packages;
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'netbsd', 'sunos', 'aix'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
};
let added = 0;
for (const entry of Object.values(pk)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const k = `node_modules/${dep}`;
    if (pk[k]) continue;
    const parts = dep.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p));
    const cpu = parts.map((p) => CPU[p]).find(Boolean);
    if (!cpu) {
      console.error('cannot infer', dep);
      continue;
    }
    const e = { version: range, cpu: [cpu], optional: true };
    if (os) e.os = [os];
    if (parts.includes('musl') || parts.includes('musleabihf')) e.libc = ['musl'];
    if (parts.includes('gnu') || parts.includes('gnueabihf')) e.libc = ['glibc'];
    pk[k] = e;
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
