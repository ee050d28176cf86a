import type { FastifyInstance } from 'fastify';
import { migrationsApplied } from '../../db/migrate.ts';

/** Why the shop is not ready, or null when it is: one round trip to the database. */
async function notReadyReason(app: FastifyInstance): Promise<string | null> {
  let migrated: boolean;
  try {
    migrated = await migrationsApplied(app.db);
  } catch {
    return 'Database unavailable';
  }
  return migrated ? null : 'Database migrations pending';
}

/**
 * Probes for an orchestrator or load balancer, outside the API (no store-state gate, no session):
 * GET /health/live answers 200 while the process runs (no database call: a slow database must not
 * get the process restarted); GET /health/ready answers 200 once the database answers and has
 * every migration, else 503 with the reason. /api/health stays as it was.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health/live', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    const reason = await notReadyReason(app);
    if (reason) return reply.code(503).send({ status: 'error', message: reason });
    return { status: 'ok', database: app.database.dialect };
  });
}
