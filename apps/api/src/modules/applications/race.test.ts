import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIXED_STAGE_LABELS, type Application } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { uniquePhone } from '../../test/auth.ts';
import { deliverSandboxWebhook } from '../payments/sandbox-gateway.ts';
import { signedInOwner } from '../staff/testing.ts';
import { GOOD_FIELDS, apply, makeService } from './testing.ts';

/**
 * A staff move racing the applicant's fee payment, and Refund fee with "Also cancel the
 * application" racing a staff cancel, on PostgreSQL (PGlite runs one transaction at a time). Each
 * pair takes the fee order's row and the application's: before, a staff move locked the
 * application, then the order, and a payment's confirmation (or Refund fee) the other way round,
 * so PostgreSQL ended one with a deadlock and the owner got a 500. Now every answer is below 500
 * and the end state is one of the two orders in which they could have happened.
 */
const ROUNDS = 15;
const ORIGIN = 'http://localhost:80';

let t: TestApp;
let owner: Record<string, string>;
let service: { id: string; slug: string };
let ip = 0;

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a staff move racing a fee payment (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await signedInOwner(t, 'manager')).headers;
    service = await makeService(t.database.db, 21);
  });
  afterAll(() => t.close());

  async function newApplication() {
    const phone = uniquePhone();
    const res = await apply(
      t,
      { service: service.slug, name: 'Asha Rao', phone, ...GOOD_FIELDS },
      undefined,
      {},
      `10.95.${++ip % 250}.1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<{ data: Application }>().data;
    return { id: a.id, phone, token: a.tracking_path.split('/').at(-1)! };
  }

  /** Pay pressed on the sandbox's page and its webhook delivered: what the gateway does. */
  async function startPay(token: string) {
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${token}/pay`,
      payload: { method: 'sandbox' },
      remoteAddress: `10.96.${++ip % 250}.1`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const url = String(started.json().data.next.url);
    return async () => {
      const pressed = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: 'outcome=pay',
      });
      await deliverSandboxWebhook(t.app, url.split('/').at(-1)!);
      return pressed.statusCode;
    };
  }

  const move = (id: string, to: 'rejected' | 'cancelled', from = 'awaiting_payment') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/stage`,
      headers: owner,
      payload: { from, to, note: 'Not eligible' },
    });

  const state = async (id: string) => {
    const [row] = await queryRows<{
      stage: string;
      order_id: string;
      status: string;
      payment_status: string;
      paid: number;
      refunds: number;
    }>(
      t.database.db,
      sql`select a.stage, o.id as order_id, o.status, o.payment_status,
            (select count(*)::int from payments p where p.order_id = o.id and p.status = 'paid') as paid,
            (select count(*)::int from jobs j where j.kind = 'payment-refund' and j.payload->>'orderId' = o.id) as refunds
           from applications a join orders o on o.id = a.order_id where a.id = ${id}`,
    );
    return row!;
  };

  /** The applicant's SMS saying the application reached `label`. */
  const told = async (phone: string, label: string) => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from outbox_messages
           where recipient = ${phone} and body like ${`%is now at: ${label}.%`}`,
    );
    return row!.n;
  };

  for (const to of ['rejected', 'cancelled'] as const) {
    it(`a move to ${to} and the payment landing: never a 500, one consistent outcome`, async () => {
      const outcomes = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const { id, phone, token } = await newApplication();
        const press = await startPay(token);
        const [pressed, moved] = await Promise.all([press(), move(id, to)]);
        expect(pressed, 'the sandbox press').toBeLessThan(500);
        expect(moved.statusCode, moved.body).toBeLessThan(500);
        const s = await state(id);
        if (moved.statusCode === 200) {
          // The move came first: the fee order closed; money captured after it goes back, once.
          expect(s.stage).toBe(to);
          expect(s.status).toBe('cancelled');
          expect(s.refunds).toBe(s.paid);
          expect(s.refunds).toBeLessThanOrEqual(1);
          expect(await told(phone, APPLICATION_FIXED_STAGE_LABELS[to]!)).toBe(1);
        } else {
          // The payment came first: the application is submitted, the move refused.
          expect(moved.statusCode, moved.body).toBe(409);
          expect(s).toMatchObject({ stage: 'submitted', status: 'delivered', payment_status: 'paid', refunds: 0 });
          expect(await told(phone, APPLICATION_FIXED_STAGE_LABELS[to]!)).toBe(0);
        }
        const key = `${moved.statusCode} ${s.stage}/${s.status}/${s.payment_status}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
      console.log(`move to ${to} vs payment:`, Object.fromEntries(outcomes));
    });
  }

  it('Refund fee with "Also cancel the application" and a move to cancelled: never a 500, one of them', async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const { id, token } = await newApplication();
      await (
        await startPay(token)
      )();
      expect((await state(id)).stage).toBe('submitted');
      const [refunded, moved] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/admin/applications/${id}/fee/refund`,
          headers: owner,
          payload: { cancel_application: true, note: 'Cannot take this on' },
        }),
        move(id, 'cancelled', 'submitted'),
      ]);
      expect(refunded.statusCode, refunded.body).toBeLessThan(500);
      expect(moved.statusCode, moved.body).toBeLessThan(500);
      // Exactly one of them cancelled the application; the other was refused.
      expect([refunded.statusCode, moved.statusCode].sort()).toEqual([200, 409]);
      const s = await state(id);
      expect(s.stage).toBe('cancelled');
      if (refunded.statusCode === 200) {
        expect(s.refunds).toBe(1);
      } else {
        // The move came first: the refund (and its cancel) rolled back; the paid fee stays for Refund fee.
        expect(s).toMatchObject({ status: 'delivered', payment_status: 'paid', refunds: 0 });
      }
      const key = `refund ${refunded.statusCode} move ${moved.statusCode}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
    console.log('refund+cancel vs move to cancelled:', Object.fromEntries(outcomes));
  });
});
