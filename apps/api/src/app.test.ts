import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/app.ts';

describe('unexpected failures', () => {
  it('answer 500 with a request id and nothing internal', async () => {
    const t = await createTestApp();
    await t.database.close(); // the database goes away under a running process
    const res = await t.app.inject({ method: 'GET', url: '/api/menu/main-menu' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      status: 'error',
      message: 'An unexpected error occurred',
      request_id: res.headers['x-request-id'],
    });
    expect(res.body).not.toMatch(/select|menus|pglite|postgres|Error:/i);
    await t.app.close();
  });
});
