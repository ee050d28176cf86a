import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** Directory for PGlite's files; undefined keeps PGlite in memory (tests). */
  dataDir?: string;
  poolMax?: number;
}

const LOCK_ID = 727_001;

/** Opens PGlite (default) or PostgreSQL (when a URL is given) behind one Drizzle type. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolMax ?? 10);
  return openPglite(opts.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    dialect: 'pglite',
    // One connection in one process: PGlite serialises, nothing else can hold the files.
    withExclusiveLock: (fn) => fn(db),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
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
    close: () => pool.end(),
  };
}
