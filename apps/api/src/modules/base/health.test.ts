import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const get = (app: TestApp['app'], url: string) => app.inject({ method: 'GET', url });

describe('GET /health/live and /health/ready', () => {
  it('both answer 200 on a running, migrated shop; /api/health still answers as before', async () => {
    const live = await get(t.app, '/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');

    const ready = await get(t.app, '/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });

    const old = await get(t.app, '/api/health');
    expect(old.statusCode).toBe(200);
    expect(old.json().data.ok).toBe(true);
  });

  it('ready is 503 while the newest migration is not applied, and 200 again once it is', async () => {
    const db = t.database.db;
    const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await queryRows(db, sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await get(t.app, '/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'error', message: 'Database migrations pending' });
      // Live asks nothing of the database.
      expect((await get(t.app, '/health/live')).statusCode).toBe(200);
    } finally {
      await queryRows(
        db,
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
             values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await get(t.app, '/health/ready')).statusCode).toBe(200);
  });
});

describe('when the database goes away', () => {
  it('ready answers 503 with the reason; live still answers 200', async () => {
    const gone = await createTestApp({ seed: false });
    await gone.database.close();
    const ready = await get(gone.app, '/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'error', message: 'Database unavailable' });
    expect((await get(gone.app, '/health/live')).statusCode).toBe(200);
    expect((await get(gone.app, '/api/health')).statusCode).toBe(503);
    await gone.app.close();
  });
});
