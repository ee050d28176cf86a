#!/usr/bin/env node
// A throwaway PostgreSQL cluster by hand (the one npm test uses for its second API run).
//   node scripts/pg-cluster.mjs                       start, print the URL, stop on Ctrl-C
//   node scripts/pg-cluster.mjs npx vitest run --project api
//                                                     run a command with TEST_DATABASE_URL set, then stop
// The cluster listens on 127.0.0.1 only; its directory is removed when it stops.
import { startCluster } from './lib/pg-cluster.mjs';
import { killAllRunning, run } from './lib/proc.mjs';

const command = process.argv.slice(2);
let cluster;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    killAllRunning('SIGKILL');
    cluster?.stop();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  });
}

try {
  cluster = await startCluster();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
if (command.length === 0) {
  console.log(`TEST_DATABASE_URL=${cluster.url}`);
  console.log('Ctrl-C stops the cluster and removes its files.');
  setInterval(() => {}, 1 << 30);
} else {
  const res = await run(command[0], command.slice(1), {
    env: { ...process.env, TEST_DATABASE_URL: cluster.url },
    timeoutMs: 60 * 60_000,
  });
  cluster.stop();
  process.exit(res.code);
}
