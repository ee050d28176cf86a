import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface StoreOptions {
  prefix?: string;
}

/** One more hit on key `id` (a window of `timeWindow` ms, restarted once expired): the count and ms left. */
const countHit = namedQuery<{ count: number; ttl_ms: number }>()({
  name: 'rate-limit.hit',
  columns: ['count', 'ttl_ms'],
  example: { id: 'global|k', timeWindow: 60_000 },
  build: ({ id, timeWindow }: { id: string; timeWindow: number }) => sql`
        insert into rate_limits (key, count, reset_at)
        values (${id}, 1, now() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl_ms`,
});

const liveCount = namedQuery<{ count: number; ttl_ms: number }>()({
  name: 'rate-limit.read',
  columns: ['count', 'ttl_ms'],
  example: { id: 'global|k' },
  build: ({ id }: { id: string }) => sql`
        select count, (extract(epoch from (reset_at - now())) * 1000)::int as ttl_ms
        from rate_limits where key = ${id} and reset_at > now()`,
});

/**
 * A @fastify/rate-limit store kept in the database, so every process serving the shop counts
 * against the same limit. One upsert per counted request; a window restarts once it expires.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: StoreOptions = {}) {
      this.prefix = options.prefix ?? 'global';
    }

    incr(key: string, cb: Callback, timeWindow: number): void {
      const id = `${this.prefix}|${key}`;
      countHit(db, { id, timeWindow })
        .then((rows) => {
          const row = rows[0]!;
          cb(null, { current: Number(row.count), ttl: Math.max(0, Number(row.ttl_ms)) });
        })
        .catch((err: Error) => cb(err));
    }

    read(key: string, cb: Callback): void {
      const id = `${this.prefix}|${key}`;
      liveCount(db, { id })
        .then((rows) => {
          const row = rows[0];
          cb(null, row ? { current: Number(row.count), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 });
        })
        .catch((err: Error) => cb(err));
    }

    /**
     * One counter space per route, or per `groupId` for routes that share one limit.
     * @fastify/rate-limit 11 calls this with its merged params and the route under `routeInfo`
     * (its typings say the route itself; the code says otherwise).
     */
    child(params: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { groupId } = params as { groupId?: string };
      if (groupId) return new DatabaseRateLimitStore({ prefix: `group ${groupId}` });
      const route = (params as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '*');
      return new DatabaseRateLimitStore({ prefix: `${method} ${String(route.url ?? '*')}` });
    }
  };
}
