// System packages the test run needs: Debian's Chromium (e2e) and PostgreSQL server binaries
// (the API suite's second run). Installed with apt when we are root, otherwise named.
import { existsSync } from 'node:fs';
import { findPgBinDir } from './pg-cluster.mjs';
import { run } from './proc.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** { chromium: bool, postgres: bool } — which prerequisites are on this machine now. */
export function checkPrereqs() {
  return { chromium: existsSync(CHROMIUM), postgres: findPgBinDir() !== null };
}

/**
 * Ensures both prerequisites. Resolves { chromium, postgres } (what is there afterwards) and
 * prints what it did. Root: `apt-get update` once, then installs only what is missing.
 */
export async function ensurePrereqs({ timeoutMs = (phase) => (phase === 'update' ? 5 : 20) * 60_000 } = {}) {
  const have = checkPrereqs();
  const missing = [];
  if (!have.chromium) missing.push('chromium');
  if (!have.postgres) missing.push('postgresql');
  if (missing.length === 0) {
    console.log(`chromium: ${CHROMIUM}; postgres: ${findPgBinDir()}`);
    return have;
  }
  const command = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`missing: ${missing.join(', ')}. Install them as root, then run npm test again:`);
    console.error(`  sudo sh -c '${command}'`);
    return have;
  }
  console.log(`missing: ${missing.join(', ')}; installing with apt (${command})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt/dpkg run rather than fail at once on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  const update = await run('apt-get', [...lock, '-q', 'update'], { env, timeoutMs: timeoutMs('update') });
  if (update.code !== 0) console.error(`apt-get update exited ${update.code}${update.timedOut ? ' (time limit)' : ''}`);
  const install = await run('apt-get', [...lock, '-q', 'install', '-y', ...missing], {
    env,
    timeoutMs: timeoutMs('install'),
  });
  if (install.code !== 0)
    console.error(`apt-get install exited ${install.code}${install.timedOut ? ' (time limit)' : ''}`);
  const after = checkPrereqs();
  if (!after.chromium) console.error(`still missing: ${CHROMIUM}`);
  if (!after.postgres) console.error('still missing: /usr/lib/postgresql/*/bin/initdb');
  return after;
}
