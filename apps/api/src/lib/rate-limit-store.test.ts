import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { createTestApp, type TestApp } from '../test/app.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

function incr(store: FastifyRateLimitStore, key: string): Promise<number> {
  return new Promise((resolve, reject) =>
    store.incr(key, (err, res) => (err ? reject(err) : resolve(res!.current)), 60_000, 10),
  );
}

function child(root: FastifyRateLimitStore, method: string, url: string): FastifyRateLimitStore {
  return root.child({ routeInfo: { method, url } } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
}

describe('database rate-limit store', () => {
  it('keeps one counter per route, so a busy route does not use up another route’s allowance', async () => {
    const Store = databaseRateLimitStore(t.database.db);
    const root = new Store({});
    const login = child(root, 'POST', '/api/auth/login');
    const form = child(root, 'POST', '/api/form/submit/:id');
    expect(await incr(login, '10.0.0.1')).toBe(1);
    expect(await incr(login, '10.0.0.1')).toBe(2);
    expect(await incr(form, '10.0.0.1')).toBe(1);
    expect(await incr(login, '10.0.0.2')).toBe(1);
  });
});
