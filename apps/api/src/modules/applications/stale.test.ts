import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationTexts, type Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniquePhone } from '../../test/auth.ts';
import { RETENTION, pruneEndedApplicationDocuments } from '../maintenance/retention.ts';
import { deliverSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { cancelStaleApplications } from './stale.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/**
 * Applications left waiting (a fee never paid, a quote never given) end on their own after their
 * period (RETENTION), once however many sweeps run, and no other application is touched.
 */
let t: TestApp;
let service: { id: string; slug: string };
let quoted: { id: string; slug: string };
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  service = await makeService(t.database.db, 8);
  quoted = await makeService(t.database.db, 9, { fee_kind: 'quote' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const ORIGIN = 'http://localhost:80';
const PERIODS = {
  awaitingPaymentDays: RETENTION.unpaidFeeApplicationDays,
  quoteRequestedDays: RETENTION.unquotedApplicationDays,
};
const sweep = () => cancelStaleApplications(t.app, db(), PERIODS);

async function newApplication(slug = service.slug) {
  const phone = uniquePhone();
  const res = await apply(t, { service: slug, name: 'Asha', phone, ...GOOD_FIELDS }, undefined, {}, `10.95.0.${++ip}`);
  expect(res.statusCode, res.body).toBe(200);
  const app = res.json<{ data: Application }>().data;
  return { app, phone, token: app.tracking_path.split('/').at(-1)! };
}

/** Puts the application at `stage` since `days` ago (as if nobody touched it since). */
const leave = (id: string, days: number, stage?: string) =>
  db().execute(
    sql`update applications set stage = coalesce(${stage ?? null}, stage),
          stage_changed_at = now() - ${days} * interval '1 day' where id = ${id}`,
  );

const stageOf = async (id: string) =>
  (await queryRows<{ stage: string }>(db(), sql`select stage from applications where id = ${id}`))[0]!.stage;

const cancelEvents = (id: string) =>
  queryRows<{ from_stage: string; actor: string; note: string; staff_id: string | null }>(
    db(),
    sql`select from_stage, actor, note, staff_id from application_events
         where application_id = ${id} and to_stage = 'cancelled'`,
  );

const smsTo = async (phone: string) =>
  (
    await queryRows<{ body: string }>(
      db(),
      sql`select body from outbox_messages where recipient = ${phone} and channel = 'sms' order by id`,
    )
  ).map((m) => m.body);

const feeOrder = async (applicationId: string) =>
  (
    await queryRows<{ id: string; status: string; payment_status: string }>(
      db(),
      sql`select o.id, o.status, o.payment_status from orders o
           where o.id = (select order_id from applications where id = ${applicationId})`,
    )
  )[0];

const pay = (ref: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${ref}/pay`,
    payload: { method: 'sandbox' },
    remoteAddress: `10.96.0.${++ip}`,
  });

describe('the stale-application sweep', () => {
  it('cancels an application whose fee was never paid once, however many sweeps run; a payment landing after is refunded', async () => {
    const stale = await newApplication();
    const started = await pay(stale.token);
    expect(started.statusCode, started.body).toBe(200);
    const { next } = started.json().data;
    await leave(stale.app.id, RETENTION.unpaidFeeApplicationDays + 1);
    // Left alone: waiting for its fee but recently; and work stages, however old.
    const recent = await newApplication();
    await leave(recent.app.id, RETENTION.unpaidFeeApplicationDays - 1);
    const submitted = await newApplication();
    await leave(submitted.app.id, 400, 'submitted');
    const working = await newApplication();
    await leave(working.app.id, 400, 'in_progress');

    const counts = await Promise.all([sweep(), sweep(), sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    // The retention-sweep job runs it: it ends the next one left waiting, and the first stays told once.
    const byJob = await newApplication();
    await leave(byJob.app.id, RETENTION.unpaidFeeApplicationDays + 1);
    const [job] = await queryRows<{ id: number }>(
      db(),
      sql`update jobs set run_at = now() where kind = 'retention-sweep' and status = 'pending' returning id`,
    );
    await t.app.jobs.runDue();
    const [ran] = await queryRows<{ status: string }>(db(), sql`select status from jobs where id = ${job!.id}`);
    expect(ran!.status).toBe('done');
    expect(await stageOf(byJob.app.id)).toBe('cancelled');
    expect(await sweep()).toBe(0);

    expect(await stageOf(stale.app.id)).toBe('cancelled');
    const note = applicationTexts.cancelledUnpaid(RETENTION.unpaidFeeApplicationDays);
    expect(await cancelEvents(stale.app.id)).toEqual([
      { from_stage: 'awaiting_payment', actor: 'system', note, staff_id: null },
    ]);
    expect((await smsTo(stale.phone)).filter((b) => b.includes(note))).toHaveLength(1);
    expect((await smsTo(stale.phone)).at(-1)).toContain(`/track-application/${stale.token}`);
    expect((await feeOrder(stale.app.id))!.status).toBe('cancelled');
    expect(await stageOf(recent.app.id)).toBe('awaiting_payment');
    expect(await stageOf(submitted.app.id)).toBe('submitted');
    expect(await stageOf(working.app.id)).toBe('in_progress');
    for (const other of [recent, submitted, working]) expect(await cancelEvents(other.app.id)).toEqual([]);

    // Paying again is refused; the provider takes the money anyway: it goes back, once.
    const again = await pay(stale.token);
    expect([again.statusCode, again.json().message]).toEqual([409, applicationTexts.notAwaitingFee]);
    const pressed = await t.app.inject({
      method: 'POST',
      url: next.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: 'outcome=pay',
    });
    expect(pressed.statusCode).toBe(303);
    await t.app.inject({ method: 'GET', url: String(pressed.headers.location) });
    const session = String(next.url).split('/').pop()!;
    await Promise.all([deliverSandboxWebhook(t.app, session), deliverSandboxWebhook(t.app, session)]);
    const order = await feeOrder(stale.app.id);
    expect(order!.status).toBe('cancelled');
    expect(['refund_pending', 'refunded']).toContain(order!.payment_status);
    const [refunds] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from jobs where kind = 'payment-refund' and payload->>'orderId' = ${order!.id}`,
    );
    expect(refunds!.n).toBe(1);
    expect(await stageOf(stale.app.id)).toBe('cancelled');
  });

  it('cancels a quote request never answered; its documents then go a year after, by the ended-application rule', async () => {
    const stale = await newApplication(quoted.slug);
    expect(stale.app.stage).toBe('quote_requested');
    await leave(stale.app.id, RETENTION.unquotedApplicationDays + 1);
    const recent = await newApplication(quoted.slug);
    await leave(recent.app.id, RETENTION.unquotedApplicationDays - 1);

    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await stageOf(stale.app.id)).toBe('cancelled');
    expect(await stageOf(recent.app.id)).toBe('quote_requested');
    const note = applicationTexts.cancelledUnquoted(RETENTION.unquotedApplicationDays);
    expect(await cancelEvents(stale.app.id)).toEqual([
      { from_stage: 'quote_requested', actor: 'system', note, staff_id: null },
    ]);
    expect((await smsTo(stale.phone)).filter((b) => b.includes(note))).toHaveLength(1);
    expect(await feeOrder(stale.app.id)).toBeUndefined();

    const documents = async (id: string) =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from application_documents where application_id = ${id}`,
        )
      )[0]!.n;
    expect(await documents(stale.app.id)).toBe(2);
    expect(await pruneEndedApplicationDocuments(db(), t.app.media.documents)).toBe(0);
    await leave(stale.app.id, RETENTION.endedApplicationDocumentDays + 1);
    expect(await pruneEndedApplicationDocuments(db(), t.app.media.documents)).toBe(2);
    expect(await documents(stale.app.id)).toBe(0);
    expect(await documents(recent.app.id)).toBe(2);
  });
});
