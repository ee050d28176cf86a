import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Db } from '../../db/client.ts';
import {
  accessLogs,
  adminLinkTokens,
  carts,
  idempotencyKeys,
  jobs,
  knownDevices,
  outboxMessages,
  otpCodes,
  passwordResets,
  rateLimits,
  sessions,
  shopAnalyticsEvents,
  staff,
  staffSessions,
  throttleCounters,
} from '../../db/schema.ts';
import { SESSION_ABSOLUTE_MS } from '../../lib/session.ts';
import { DEVICE_TTL_MS } from '../auth/known-device.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer, uniquePhone } from '../../test/auth.ts';
import { appWithEnv } from '../../test/ops-app.ts';
import { JOBS_POLL_MS } from '../jobs/plugin.ts';
import { RETENTION, RETENTION_EVERY_MS, pruneExpiredData } from './retention.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const ago = (days: number, extraMs = 0) => new Date(Date.now() - days * 86_400_000 - extraMs);
const HOUR = 3_600_000;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('pruneExpiredData', () => {
  it('removes each kind of data once past its retention and keeps the rest', async () => {
    const db = t.database.db;
    const c = await createCustomer(db);
    const log = (createdAt: Date) => ({
      customerId: c.id,
      identifier: c.email!,
      method: 'password' as const,
      success: false,
      createdAt,
    });
    const logs = await db
      .insert(accessLogs)
      .values([log(ago(RETENTION.accessLogDays, HOUR)), log(ago(RETENTION.accessLogDays, -HOUR))])
      .returning();

    const code = (expiresAt: Date, consumed: boolean) => ({
      purpose: 'login' as const,
      phone: uniquePhone(),
      codeHash: 'x',
      expiresAt,
      consumedAt: consumed ? expiresAt : null,
    });
    const codes = await db
      .insert(otpCodes)
      .values([
        code(ago(RETENTION.spentCodeDays, HOUR), true),
        code(ago(RETENTION.spentCodeDays, HOUR), false),
        code(ago(0, HOUR), false),
      ])
      .returning();

    const reset = (expiresAt: Date, used: boolean) => ({
      customerId: c.id,
      tokenHash: `${Math.random()}`,
      expiresAt,
      usedAt: used ? expiresAt : null,
    });
    const resets = await db
      .insert(passwordResets)
      .values([
        reset(ago(RETENTION.spentCodeDays, HOUR), true),
        reset(ago(RETENTION.spentCodeDays, HOUR), false),
        reset(ago(0, HOUR), false),
      ])
      .returning();

    const message = (status: 'pending' | 'sent' | 'stored' | 'failed', createdAt: Date) => ({
      channel: 'sms' as const,
      recipient: uniquePhone(),
      body: `1234 is your code (${status})`,
      status,
      createdAt,
    });
    const undelivered = RETENTION.undeliveredMessageDays;
    const sent = RETENTION.sentMessageDays;
    const messages = await db
      .insert(outboxMessages)
      .values([
        message('failed', ago(undelivered, HOUR)),
        message('stored', ago(undelivered, HOUR)),
        message('sent', ago(sent, HOUR)),
        // Kept: younger than their retention, or still being delivered.
        message('failed', ago(undelivered, -HOUR)),
        message('stored', ago(undelivered, -HOUR)),
        message('sent', ago(sent, -HOUR)),
        message('pending', ago(sent, HOUR)),
      ])
      .returning();

    await db.insert(rateLimits).values([
      { key: 'retention-test|spent', count: 3, resetAt: new Date(Date.now() - 1000) },
      { key: 'retention-test|live', count: 3, resetAt: new Date(Date.now() + HOUR) },
    ]);

    const session = (id: string, expiresAt: Date, createdAt: Date) => ({
      id,
      customerId: c.id,
      remember: true,
      expiresAt,
      createdAt,
    });
    await db
      .insert(sessions)
      .values([
        session('retention-idle', ago(0, HOUR), ago(10)),
        session('retention-absolute', ago(-10), ago(0, SESSION_ABSOLUTE_MS + HOUR)),
        session('retention-live', ago(-10), ago(10)),
      ]);
    const counter = (subject: string, resetsAt: Date, nextTryAt: Date) => ({
      scope: 'account' as const,
      subject,
      count: 5,
      resetsAt,
      nextTryAt,
    });
    await db
      .insert(throttleCounters)
      .values([
        counter('retention-spent', ago(0, HOUR), ago(0, HOUR)),
        counter('retention-waiting', ago(0, HOUR), ago(-1)),
        counter('retention-live', ago(-1), ago(0, HOUR)),
      ]);
    await db.insert(knownDevices).values([
      { tokenHash: 'retention-old', customerId: c.id, lastSeenAt: ago(0, DEVICE_TTL_MS + HOUR) },
      { tokenHash: 'retention-seen', customerId: c.id, lastSeenAt: ago(30) },
    ]);

    const idempotencyKey = (key: string, expiresAt: Date) => ({
      scope: 'guest:retention',
      route: 'POST /api/form/submit/:id',
      key,
      requestHash: 'x',
      responseStatus: 200,
      responseBody: '{}',
      expiresAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([idempotencyKey('retention-spent', ago(0, 1000)), idempotencyKey('retention-live', ago(-1))]);

    const job = (status: 'pending' | 'done' | 'failed', finishedAt: Date | null) => ({
      kind: 'retention-test',
      status,
      attempts: status === 'pending' ? 0 : 1,
      finishedAt,
    });
    const jobRows = await db
      .insert(jobs)
      .values([
        job('done', ago(RETENTION.doneJobDays, HOUR)),
        job('failed', ago(RETENTION.failedJobDays, HOUR)),
        // Kept: younger than their retention, or not finished.
        job('done', ago(RETENTION.doneJobDays, -HOUR)),
        job('failed', ago(RETENTION.failedJobDays, -HOUR)),
        job('failed', ago(RETENTION.doneJobDays, HOUR)),
        job('pending', null),
      ])
      .returning();

    const owner = await createCustomer(db);
    // Carts name a channel by key (migration 0062); this shop has none of its own.
    await queryRows(
      db,
      sql`with country as (insert into countries (name, iso2, mobile_code, mobile_number_length, currency_code)
                           values ('Retention', 'RT', '+99', 10, 'INR') returning id)
          insert into channels (id, name, currency_code, country_id) select 'retention', 'Retention', 'INR', id from country`,
    );
    const cart = (id: string, updatedAt: Date, extra: Partial<typeof carts.$inferInsert> = {}) => ({
      id,
      channelId: 'retention',
      updatedAt,
      ...extra,
    });
    await db.insert(carts).values([
      cart('c_idle_guest', ago(RETENTION.guestCartDays, HOUR)),
      cart('c_old_merged', ago(RETENTION.mergedCartDays, HOUR), { status: 'merged' }),
      // Kept: a guest cart used recently, a customer's idle cart, a merged one still young.
      cart('c_fresh_guest', ago(RETENTION.guestCartDays, -HOUR)),
      cart('c_idle_customer', ago(RETENTION.guestCartDays * 3), { customerId: owner.id }),
      cart('c_young_merged', ago(RETENTION.mergedCartDays, -HOUR), { status: 'merged' }),
    ]);

    await db.insert(staff).values({
      id: 'stf_retention',
      email: 'retention.staff@example.test',
      name: 'Retention Staff',
      passwordHash: 'x',
      role: 'manager',
    });
    const staffSession = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      tokenHash,
      staffId: 'stf_retention',
      kind: 'cookie' as const,
      expiresAt,
      revokedAt,
    });
    const staffDays = RETENTION.staffSessionDays;
    await db.insert(staffSessions).values([
      staffSession('old-expired', ago(staffDays, HOUR)),
      staffSession('old-revoked', ago(-1), ago(staffDays, HOUR)),
      // Kept: live, or expired / signed out less than a month ago.
      staffSession('live', ago(-1)),
      staffSession('young-expired', ago(staffDays, -HOUR)),
      staffSession('young-revoked', ago(-1), ago(staffDays, -HOUR)),
    ]);
    const linkDays = RETENTION.adminLinkTokenDays;
    const linkToken = (tokenHash: string, expiresAt: Date, used: boolean) => ({
      tokenHash,
      staffId: 'stf_retention',
      expiresAt,
      usedAt: used ? new Date(expiresAt.getTime() - 60_000) : null,
    });
    await db.insert(adminLinkTokens).values([
      linkToken('old-used', ago(linkDays, HOUR), true),
      linkToken('old-unused', ago(linkDays, HOUR), false),
      // Kept: still good, or used / expired less than a day ago.
      linkToken('live', ago(0, -600_000), false),
      linkToken('young-used', ago(0, HOUR), true),
    ]);

    await db.insert(shopAnalyticsEvents).values([
      { event: 'page_view', path: '/retention-old', createdAt: ago(RETENTION.shopStatsDays, HOUR) },
      // Kept: younger than 13 months.
      { event: 'page_view', path: '/retention-young', createdAt: ago(RETENTION.shopStatsDays, -HOUR) },
    ]);

    const report = await pruneExpiredData(db);
    expect(report).toEqual({
      accessLogs: 1,
      otpCodes: 2,
      passwordResets: 2,
      undeliveredMessages: 2,
      sentMessages: 1,
      rateLimits: 1,
      sessions: 2,
      throttleCounters: 1,
      knownDevices: 1,
      idempotencyKeys: 1,
      doneJobs: 1,
      failedJobs: 1,
      guestCarts: 1,
      mergedCarts: 1,
      staffSessions: 2,
      adminLinkTokens: 2,
      shopStats: 1,
    });
    expect((await db.select().from(shopAnalyticsEvents)).map((r) => r.path)).toEqual(['/retention-young']);
    expect((await db.select().from(staffSessions)).map((r) => r.tokenHash).sort()).toEqual([
      'live',
      'young-expired',
      'young-revoked',
    ]);
    expect((await db.select().from(adminLinkTokens)).map((r) => r.tokenHash).sort()).toEqual(['live', 'young-used']);
    expect((await db.select({ id: carts.id }).from(carts)).map((r) => r.id).sort()).toEqual([
      'c_fresh_guest',
      'c_idle_customer',
      'c_young_merged',
    ]);
    expect((await db.select().from(idempotencyKeys)).map((r) => r.key)).toEqual(['retention-live']);
    expect((await db.select().from(sessions)).map((r) => r.id)).toEqual(['retention-live']);
    expect((await db.select().from(throttleCounters)).map((r) => r.subject).sort()).toEqual([
      'retention-live',
      'retention-waiting',
    ]);
    expect((await db.select().from(knownDevices)).map((r) => r.tokenHash)).toEqual(['retention-seen']);
    expect(ids(await db.select().from(accessLogs))).toEqual([logs[1]!.id]);
    expect(ids(await db.select().from(otpCodes))).toEqual([codes[2]!.id]);
    expect(ids(await db.select().from(passwordResets))).toEqual([resets[2]!.id]);
    expect(ids(await db.select().from(outboxMessages))).toEqual(ids(messages.slice(3)));
    expect(ids(await db.select().from(jobs).where(eq(jobs.kind, 'retention-test')))).toEqual(ids(jobRows.slice(2)));
    const keys = (
      await db
        .select()
        .from(rateLimits)
        .where(inArray(rateLimits.key, ['retention-test|spent', 'retention-test|live']))
    ).map((r) => r.key);
    expect(keys).toEqual(['retention-test|live']);
  });

  it('works through large backlogs in batches, and several runs at once neither fail nor remove twice', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into access_logs (identifier, method, success, created_at)
      select 'backlog', 'password', false, now() - interval '200 days' from generate_series(1, 2500)`);
    const reports = await Promise.all([pruneExpiredData(db), pruneExpiredData(db), pruneExpiredData(db)]);
    expect(reports.reduce((n, r) => n + r.accessLogs, 0)).toBe(2500);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from access_logs where identifier = 'backlog'`,
    );
    expect(left!.n).toBe(0);
  });
});

describe('retention sweep job', () => {
  const sweeps = (db: Db) =>
    db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'retention-sweep'), inArray(jobs.status, ['pending', 'running'])));

  it('is queued once for the whole shop, every RETENTION_EVERY_MS, whatever the number of processes', async () => {
    const db = t.database.db;
    const other = await appWithEnv(t.database, {});
    try {
      await other.ready();
      const [queued, ...more] = await sweeps(db);
      expect(more).toEqual([]);
      expect(queued!.runAt.getTime()).toBeGreaterThan(Date.now() + RETENTION_EVERY_MS - 60_000);

      await db.insert(rateLimits).values({ key: 'retention-sweep|spent', count: 1, resetAt: ago(0, 1000) });
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, queued!.id));
      await Promise.all([t.app.jobs.runDue(), other.jobs.runDue()]);
      expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'retention-sweep|spent'))).toEqual([]);

      const [done] = await db.select().from(jobs).where(eq(jobs.id, queued!.id));
      expect(done).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      const [next, ...extra] = await sweeps(db);
      expect(extra).toEqual([]);
      expect(next!.id).not.toBe(queued!.id);
      expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + RETENTION_EVERY_MS - 60_000);
    } finally {
      await other.close();
    }
  });

  it('runs on every app process’s timer and stops when the app closes', async () => {
    // Only intervals are faked: the database and the app keep their real clocks and timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = await createTestApp({ seed: false });
    let closed = false;
    try {
      const db = app.database.db;
      await db
        .insert(rateLimits)
        .values({ key: 'retention-timer|spent', count: 1, resetAt: new Date(Date.now() - 1000) });
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: 'old@example.test',
        body: 'Open this link to reset your password: https://shop.example/reset/secret',
        status: 'failed',
        createdAt: ago(RETENTION.undeliveredMessageDays + 1),
      });
      await db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.kind, 'retention-sweep'));
      vi.advanceTimersByTime(JOBS_POLL_MS);
      await vi.waitFor(
        async () => {
          const [row] = await queryRows<{ n: number }>(
            db,
            sql`select (select count(*) from rate_limits where key = 'retention-timer|spent')
                     + (select count(*) from outbox_messages where recipient = 'old@example.test') as n`,
          );
          expect(Number(row!.n)).toBe(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      await app.close();
      closed = true;
      // No interval outlives the app (a leftover would keep running jobs on a closed database).
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      if (!closed) await app.close();
      vi.useRealTimers();
    }
  });
});
