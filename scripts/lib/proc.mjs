// Child processes for the test and bench tooling: each runs in its own process group, so a time
// limit or a Ctrl-C ends the whole tree it started (npm -> sh -> vite, vitest -> its workers).
import { spawn } from 'node:child_process';

/** Process groups currently running, so signal handlers can end them. */
const running = new Set();

const KILL_GRACE_MS = 10_000;

/**
 * Runs `cmd args` with its output shown as it comes (stdout/stderr inherited, no stdin), or with
 * `capture`, kept and answered as `output` (for commands run side by side, shown one after another).
 * Resolves { code, signal, timedOut, ms, output }; never rejects for a failing command.
 */
export function run(
  cmd,
  args,
  { env = process.env, cwd = process.cwd(), timeoutMs = 10 * 60_000, capture = false } = {},
) {
  const started = Date.now();
  let output = '';
  return new Promise((resolve) => {
    let child;
    try {
      const out = capture ? 'pipe' : 'inherit';
      child = spawn(cmd, args, { env, cwd, stdio: ['ignore', out, out], detached: true });
    } catch (err) {
      console.error(`could not start ${cmd}: ${err.message}`);
      resolve({ code: 127, signal: null, timedOut: false, ms: 0, output });
      return;
    }
    if (capture) {
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
    }
    let timedOut = false;
    let killTimer;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`\n!! ${cmd} ${args.join(' ')}: over its ${Math.round(timeoutMs / 1000)} s limit, stopping it`);
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), KILL_GRACE_MS);
    }, timeoutMs);
    running.add(child.pid);
    child.on('error', (err) => {
      console.error(`could not start ${cmd}: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      running.delete(child.pid);
      // Anything the command left behind in its group (a stray worker) goes too.
      killGroup(child.pid, 'SIGKILL');
      resolve({ code: code ?? (signal ? 128 : 1), signal, timedOut, ms: Date.now() - started, output });
    });
  });
}

/** Sends `signal` to the process group led by `pid`; quiet when it is already gone. */
export function killGroup(pid, signal) {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: already gone.
  }
}

/** Ends every process group started through run() (for SIGINT/SIGTERM handlers). */
export function killAllRunning(signal = 'SIGTERM') {
  for (const pid of running) killGroup(pid, signal);
}
