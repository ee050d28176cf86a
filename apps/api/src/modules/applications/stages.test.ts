import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationTexts, type AdminApplication, type Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniquePhone } from '../../test/auth.ts';
import { outboxTo } from '../../test/outbox.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/** Stage moves follow the application's table; concurrent moves end in one outcome (PGlite and PostgreSQL). */
let t: TestApp;
let owner: Record<string, string>;
let service: { id: string; slug: string };
let quoted: { id: string; slug: string };
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t, 'manager')).headers;
  service = await makeService(t.database.db, 3);
  quoted = await makeService(t.database.db, 4, { fee_kind: 'quote' });
});
afterAll(() => t.close());

async function newApplication(slug = service.slug): Promise<{ app: Application; phone: string }> {
  const phone = uniquePhone();
  const res = await apply(t, { service: slug, name: 'Asha', phone, ...GOOD_FIELDS }, undefined, {}, `10.79.0.${++ip}`);
  expect(res.statusCode, res.body).toBe(200);
  return { app: res.json<{ data: Application }>().data, phone };
}

const move = (id: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/applications/${id}/stage`, headers: owner, payload: body });

describe('stage moves', () => {
  it('of many concurrent movers from one stage exactly one wins; the applicant is told once', async () => {
    const { app, phone } = await newApplication();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        move(app.id, { from: 'awaiting_payment', to: i % 2 ? 'submitted' : 'verified', note: `mover ${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(11).fill(409)]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(applicationTexts.staleStage);
    const [events] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from application_events where application_id = ${app.id} and from_stage = 'awaiting_payment'`,
    );
    expect(events!.n).toBe(1);
    // One message for the application, one for the one move.
    expect(await outboxTo(t.database.db, phone, 'sms')).toHaveLength(2);
  });

  it('follows the table: later stages only, a reason to reject, nothing after the end', async () => {
    const { app, phone } = await newApplication();
    const paid = await move(app.id, { from: 'awaiting_payment', to: 'submitted', note: 'Fee received' });
    expect(paid.statusCode, paid.body).toBe(200);
    const view = paid.json<{ data: AdminApplication }>().data;
    expect(view.next_stages.map((s) => s.key)).toEqual([
      'verified',
      'in_progress',
      'filed',
      'completed',
      'rejected',
      'cancelled',
    ]);
    expect(view.next_due_at).not.toBeNull();
    expect(view.steps.find((s) => s.key === 'verified')!.expected_at).toBe(view.next_due_at);
    // Each later stage has its expected date too, each after the one before.
    const dates = view.steps.filter((s) => !s.completed).map((s) => s.expected_at);
    expect(dates).toHaveLength(4);
    expect(dates.every((d) => d !== null)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(4);

    const back = await move(app.id, { from: 'submitted', to: 'awaiting_payment' });
    expect([back.statusCode, back.json().errors]).toEqual([422, { to: [applicationTexts.stageNotAllowed] }]);
    const unknown = await move(app.id, { from: 'submitted', to: 'nowhere' });
    expect(unknown.statusCode).toBe(422);
    const noReason = await move(app.id, { from: 'submitted', to: 'rejected' });
    expect([noReason.statusCode, noReason.json().errors]).toEqual([422, { note: [applicationTexts.reasonRequired] }]);

    const done = await move(app.id, { from: 'submitted', to: 'completed', note: 'Certificate issued' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.next_stages).toEqual([]);
    expect(done.json().data.next_due_at).toBeNull();
    const after = await move(app.id, { from: 'completed', to: 'cancelled' });
    expect(after.statusCode).toBe(422);

    const sms = await outboxTo(t.database.db, phone, 'sms');
    expect(sms[0]!.body).toContain('Completed');
    expect(sms[0]!.body).toContain('Certificate issued');
    expect((await move('apl_nope', { from: 'submitted', to: 'verified' })).statusCode).toBe(404);
  });

  it('quotes a fee: quote_requested → awaiting_payment with fee_minor; rejects with the reason shown', async () => {
    const { app } = await newApplication(quoted.slug);
    const noFee = await move(app.id, { from: 'quote_requested', to: 'awaiting_payment' });
    expect([noFee.statusCode, noFee.json().errors]).toEqual([422, { fee_minor: [applicationTexts.feeRequired] }]);
    // A quote of nothing would leave it "Awaiting payment" of ₹0: refused, the owner told what to do instead.
    const zero = await move(app.id, { from: 'quote_requested', to: 'awaiting_payment', fee_minor: 0 });
    expect([zero.statusCode, zero.json().errors]).toEqual([422, { fee_minor: [applicationTexts.feeAtLeastOnePaisa] }]);
    const quotedRes = await move(app.id, {
      from: 'quote_requested',
      to: 'awaiting_payment',
      fee_minor: 150000,
      note: 'Two trademarks',
    });
    expect(quotedRes.statusCode, quotedRes.body).toBe(200);
    const q = quotedRes.json<{ data: AdminApplication }>().data;
    expect([q.fee?.amount, q.quote_note]).toEqual([150000, 'Two trademarks']);
    const rejected = await move(app.id, { from: 'awaiting_payment', to: 'rejected', note: 'Name already registered' });
    expect(rejected.json().data.rejection_reason).toBe('Name already registered');
  });
});

describe('the owner inbox', () => {
  it('filters by service, stage and overdue, newest first in keyset pages', async () => {
    const { app: late } = await newApplication();
    await move(late.id, { from: 'awaiting_payment', to: 'submitted' });
    await t.database.db.execute(
      sql`update applications set next_due_at = now() - interval '1 day' where id = ${late.id}`,
    );
    const list = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/applications${q}`, headers: owner }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json().data as {
          applications: { id: string; overdue: boolean; stage: string }[];
          next_cursor: string | null;
        };
      });
    const overdue = await list('?overdue=true');
    expect(overdue.applications.map((a) => a.id)).toEqual([late.id]);
    expect(overdue.applications[0]!.overdue).toBe(true);
    const quotes = await list(`?service=${quoted.id}`);
    expect(quotes.applications.length).toBeGreaterThan(0);
    const byStage = await list('?stage=submitted');
    expect(byStage.applications.every((a) => a.stage === 'submitted')).toBe(true);
    expect(byStage.applications.map((a) => a.id)).toContain(late.id);
    const all = await list('');
    expect(all.applications[0]!.id).toBe(late.id);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/applications?cursor=abc', headers: owner });
    expect(bad.statusCode).toBe(422);
  });
});
