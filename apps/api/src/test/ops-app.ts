import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { TEST_DATA_DIR } from './paths.ts';

/**
 * A second app on a test database with its own environment (the variable under test) and one
 * extra route that answers what the API believes about the client; not listening, not ready.
 */
export async function appWithEnv(
  database: Database,
  vars: Record<string, string>,
  opts: { logStream?: { write(line: string): void } } = {},
): Promise<FastifyInstance> {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: TEST_DATA_DIR, LOG_LEVEL: 'silent', ...vars });
  const app = await buildApp({ database, env, logger: opts.logStream !== undefined, logStream: opts.logStream });
  app.get('/api/test-probe/client', { schema: { hide: true } }, async (req) => ({
    ip: req.ip,
    protocol: req.protocol,
  }));
  return app;
}
