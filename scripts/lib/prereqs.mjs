// System packages the test run needs: Debian's Chromium (e2e) and PostgreSQL server binaries
// (the API suite's second run), and Chromium's headless shell, which the browser tests drive
// when it is there (cheaper per test; scripts/lib/chromium.mjs). Installed with apt when we are
// root, otherwise named.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { URL, fileURLToPath } from 'node:url';
import { CHROMIUM_PATH as CHROMIUM, HEADLESS_SHELL_PATH, testChromiumPath } from './chromium.mjs';
import { findPgBinDir } from './pg-cluster.mjs';
import { run } from './proc.mjs';

/** Marks that apt was asked for the optional headless shell once already. */
const SHELL_TRIED = fileURLToPath(new URL('../../.tmp/chromium-headless-shell-tried', import.meta.url));

/** { chromium, headlessShell, postgres } (booleans): which prerequisites are on this machine now. */
export function checkPrereqs() {
  return {
    chromium: existsSync(CHROMIUM),
    headlessShell: existsSync(HEADLESS_SHELL_PATH),
    postgres: findPgBinDir() !== null,
  };
}

/**
 * Ensures the prerequisites. Resolves { chromium, headlessShell, postgres } (what is there
 * afterwards) and prints what it did. Root: `apt-get update` once, then installs only what is
 * missing; the optional headless shell on its own, so a mirror without it fails nothing.
 */
export async function ensurePrereqs({ timeoutMs = (phase) => (phase === 'update' ? 5 : 20) * 60_000 } = {}) {
  const have = checkPrereqs();
  const required = [!have.chromium && 'chromium', !have.postgres && 'postgresql'].filter(Boolean);
  // The optional shell is tried once on a machine that has the rest (not an apt run per test run).
  const optional =
    have.headlessShell || (required.length === 0 && existsSync(SHELL_TRIED)) ? [] : ['chromium-headless-shell'];
  const missing = [...required, ...optional];
  if (missing.length === 0) {
    console.log(`chromium: ${testChromiumPath()}; postgres: ${findPgBinDir()}`);
    return have;
  }
  const command = `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    if (required.length === 0) {
      console.log(`chromium: ${CHROMIUM} (apt-get install chromium-headless-shell makes the browser tests cheaper)`);
      return have;
    }
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
  if (optional.length > 0) {
    mkdirSync(path.dirname(SHELL_TRIED), { recursive: true });
    writeFileSync(SHELL_TRIED, `${new Date().toISOString()}\n`);
  }
  for (const packages of [required, optional]) {
    if (packages.length === 0) continue;
    const install = await run('apt-get', [...lock, '-q', 'install', '-y', ...packages], {
      env,
      timeoutMs: timeoutMs('install'),
    });
    if (install.code !== 0)
      console.error(
        `apt-get install ${packages.join(' ')} exited ${install.code}${install.timedOut ? ' (time limit)' : ''}`,
      );
  }
  const after = checkPrereqs();
  if (!after.chromium) console.error(`still missing: ${CHROMIUM}`);
  if (!after.postgres) console.error('still missing: /usr/lib/postgresql/*/bin/initdb');
  if (!after.headlessShell) console.error(`no ${HEADLESS_SHELL_PATH}: the browser tests drive ${CHROMIUM}`);
  return after;
}
