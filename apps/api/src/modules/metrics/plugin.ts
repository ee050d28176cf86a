import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { messages } from '@shopfront/shared';
import { namedQuery } from '../../db/named-query.ts';
import { workerMetrics } from './cluster.ts';
import { ShopMetrics } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null while METRICS_TOKEN is unset: nothing is counted then, and /metrics answers 404. */
    metrics: ShopMetrics | null;
  }
}

/** Routes that only answer 404 (the API's catch-all): counted as "unmatched", like a path no route took. */
const NOT_FOUND_ROUTES = new Set(['/api/*']);

/** The label of a request's route: its pattern, never the raw URL (which anyone chooses). */
function routeLabel(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  return req.is404 || route === undefined || NOT_FOUND_ROUTES.has(route) ? 'unmatched' : route;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The jobs waiting, running or failed, by kind and status. */
const jobCounts = namedQuery<{ kind: string; status: string; count: number }>()({
  name: 'metrics.job-counts',
  columns: ['kind', 'status', 'count'],
  example: {},
  build: () =>
    sql`select kind, status, count(*)::int as count from jobs
         where status in ('pending', 'running', 'failed') group by kind, status`,
});

/** True when the Authorization header is `Bearer <token>`; compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics, on only when METRICS_TOKEN is set (`app.metrics`, null otherwise). Registered
 * before every route, so its onResponse hook counts them all.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.env.METRICS_TOKEN;
    if (!token) {
      app.decorate('metrics', null);
      return;
    }
    const metrics = new ShopMetrics({
      pool: () => app.database.poolStats?.() ?? null,
      jobs: () => jobCounts(app.db, {}),
      pageCache: () => (app.pageCache ? { hits: app.pageCache.hits, misses: app.pageCache.misses } : null),
    });
    app.decorate('metrics', metrics);
    // One of several workers (WEB_CONCURRENCY > 1): a scrape answers all of them, summed by the primary.
    if (cluster.isWorker) {
      const workers = workerMetrics(metrics.registry);
      metrics.useText(() =>
        workers.collect().catch((err: Error) => {
          app.log.warn({ err }, 'metrics: the workers could not be summed; this worker answers alone');
          return metrics.registry.metrics();
        }),
      );
      app.addHook('onClose', async () => workers.stop());
    }

    app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
      metrics.observeRequest(req.method, routeLabel(req), reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);

/** GET /metrics: 404 while metrics are off, 401 without the token, else the Prometheus text. */
export async function metricsRoutes(app: FastifyInstance) {
  const metrics = app.metrics;
  const token = app.env.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // Off: the same 404 as any unknown path (never the storefront's page for it).
    if (!metrics || !token) return reply.code(404).send({ status: 'error', message: messages.notFound });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized');
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
