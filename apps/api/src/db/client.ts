import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Dialect = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  dialect: Dialect;
  /** Runs `fn` holding a cluster-wide lock, so concurrent processes migrate and seed one at a time. */
  withExclusiveLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (after the sending transaction commits), and
   * also whenever notifications may have been missed (PostgreSQL: the listening connection was
   * lost and is back). Answers a function that stops listening.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data dir as one archive, taken after a checkpoint (tar bytes). */
  dump?: () => Promise<Uint8Array>;
  /** PostgreSQL only: the pool's connections now (open, of those unused, queries waiting for one). */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** Directory for PGlite's files; undefined keeps PGlite in memory (tests). */
  dataDir?: string;
  poolMax?: number;
  /** A PGlite data-dir dump (`dump()`'s bytes) to start from instead of an empty cluster (tests: skips initdb). */
  snapshot?: Uint8Array;
}

const LOCK_ID = 727_001;

/** Opens PGlite (default) or PostgreSQL (when a URL is given) behind one Drizzle type. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolMax ?? 10);
  return openPglite(opts.dataDir, opts.snapshot);
}

async function openPglite(dataDir: string | undefined, snapshot?: Uint8Array): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: archiveBlob(snapshot) } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    dialect: 'pglite',
    // One connection in one process: PGlite serialises, nothing else can hold the files.
    withExclusiveLock: (fn) => fn(db),
    listen: (channel, onNotify) => client.listen(channel, (payload) => onNotify(payload)),
    close: () => client.close(),
    async dump() {
      // A checkpoint first: a copy then starts without replaying the log (about 0.4 CPU-s each).
      await client.exec('checkpoint');
      return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    },
  };
}

/**
 * The archive as PGlite reads it: it only calls `arrayBuffer()`. Node 20's own Blob answers that
 * through a chunked stream, about 1 CPU-s for a seeded shop's 70 MB, paid by every API test file
 * (the tests keep each archive's bytes once per worker); a copy of the bytes costs a few ms.
 */
function archiveBlob(bytes: Uint8Array): Blob {
  return { type: 'application/x-tar', arrayBuffer: async () => bytes.slice().buffer } as unknown as Blob;
}

/**
 * Startup options of every connection: JIT off. The shop's statements are built per request
 * (filters, facets, search words), so a JIT-compiled plan is never reused, and on a larger
 * catalogue the planner's cost estimates cross jit_above_cost: measured on 9,360 products, the
 * search facets spent 4.0 s of 4.2 s compiling and a category page's facets 5.1 s of 5.4 s
 * (0.13 s each with JIT off). An `options` parameter in DATABASE_URL replaces this one.
 */
export const POSTGRES_CONNECTION_OPTIONS = '-c jit=off';

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, options: POSTGRES_CONNECTION_OPTIONS });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // A checked-out client (a transaction) whose connection dies also emits 'error': without a
  // listener that is an uncaught exception and the whole process exits. Its query already
  // rejected, the transaction is rolled back by the server, and the broken client is discarded.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    dialect: 'postgres',
    async withExclusiveLock(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [LOCK_ID]);
        return await fn(drizzlePg(conn, { schema }) as unknown as Db);
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * LISTEN on a connection of its own (outside the pool: it stays open for the process's life).
 * A lost connection is reopened with back-off (up to 5 s), and `onNotify` is called once it is
 * back, since whatever was sent meanwhile is lost.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload?: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 100;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (first: boolean): Promise<void> => {
    // TCP keep-alive and a ping below: a half-open connection would otherwise never end.
    const c = new pg.Client({
      connectionString: url,
      options: POSTGRES_CONNECTION_OPTIONS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload);
    });
    c.on('error', () => {
      // The 'end' handler below reconnects.
    });
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      onNotify();
      reconnectLater();
    });
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    client = c;
    retryMs = 100;
    if (!first) onNotify();
  };
  // Every 30 s: a connection that does not answer within 10 s is cut (a half-open socket would
  // never end by itself), which reconnects it and moves the generation on.
  const cut = (c: pg.Client) =>
    (c as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  const ping = setInterval(() => {
    const c = client;
    if (!c) return;
    const timeout = setTimeout(() => cut(c), 10_000);
    c.query('select 1').then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        cut(c);
      },
    );
  }, 30_000);
  ping.unref();
  const reconnectLater = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect(false).catch(() => {
        retryMs = Math.min(retryMs * 2, 5000);
        reconnectLater();
      });
    }, retryMs);
    timer.unref();
  };
  await connect(true);
  return async () => {
    stopped = true;
    clearInterval(ping);
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** Runs raw SQL and answers its rows; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}
