import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, uniquePhone } from '../../test/auth.ts';

/**
 * The sign-in routes take the auth settings and the phone country from the request's shop
 * context, which each process keeps (caches on here) until what it read changes: a setting or a
 * country changed in the database applies to the next requests, in this process and any other.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
});
afterAll(() => t.close());

const freshIp = addressSource(41);
const otpRequest = (input: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp/request', payload: { input }, remoteAddress: freshIp() });
const setSetting = (key: string, value: boolean) =>
  queryRows(
    t.database.db,
    sql`insert into store_settings (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = excluded.value`,
  );
/** Until `check` passes: on PostgreSQL the change's notification reaches the process a moment after the commit. */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3_000, interval: 50 });

describe('auth settings and phone country on the shop context', () => {
  it('a switched-off OTP sign-in refuses the next requests, and a switched-on one takes them again', async () => {
    // The first request puts the context in the process's cache.
    expect((await otpRequest(uniquePhone())).statusCode).toBe(200);
    await setSetting('enable_otp_auth', false);
    await soon(async () => {
      const res = await otpRequest(uniquePhone());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(authMessages.otpAuthDisabled);
    });
    await setSetting('enable_otp_auth', true);
    await soon(async () => expect((await otpRequest(uniquePhone())).statusCode).toBe(200));
  });

  it("a new digit count for the channel's country applies to the next requests", async () => {
    expect((await otpRequest(uniquePhone())).statusCode).toBe(200);
    const [home] = await queryRows<{ id: number; len: number }>(
      t.database.db,
      sql`select co.id, co.mobile_number_length as len from storefronts sf
            join channels ch on ch.id = sf.channel_id join countries co on co.id = ch.country_id
           order by sf.is_default desc limit 1`,
    );
    expect(home!.len).toBe(10);
    await queryRows(t.database.db, sql`update countries set mobile_number_length = 9 where id = ${home!.id}`);
    try {
      await soon(async () => {
        expect((await otpRequest(uniquePhone())).statusCode).toBe(422);
        expect((await otpRequest(uniquePhone().slice(1))).statusCode).toBe(200);
      });
    } finally {
      await queryRows(t.database.db, sql`update countries set mobile_number_length = 10 where id = ${home!.id}`);
    }
    await soon(async () => expect((await otpRequest(uniquePhone())).statusCode).toBe(200));
  });
});
