import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_FIELD_TYPES,
  SERVICE_FEE_KINDS,
  applicationTexts,
  type AdminApplication,
  type Application,
  type ServiceDetails,
} from '@shopfront/shared';
import { queryRows } from '../client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_MEDIA_DIR } from '../../test/paths.ts';
import { signedInOwner } from '../../modules/staff/testing.ts';
import { seedDemo } from './index.ts';
import { demoServices } from './services-data.ts';

/** SEED_DEMO=services (issue 27): a services business a new user can look around in one command. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  expect(await seedDemo(t.database, { mediaDir: TEST_MEDIA_DIR, demo: 'services' })).toBe(true);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the services demo', () => {
  it('is a services shop under its own name', async () => {
    const { settings, storefront } = (await get('/api/storefront/initial-values')).json().data;
    expect(settings).toMatchObject({ store_mode: 'services', store_name: 'Sahaj Seva Consultants' });
    expect(storefront.name).toBe('Sahaj Seva Consultants');
  });

  it('lists a dozen services in their categories, each with a picture', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { per_page: 48 } });
    const listed = res.json().data.products as { slug: string; image: { url: string } | null }[];
    expect(listed.map((p) => p.slug).sort()).toEqual(demoServices.map((s) => s.slug).sort());
    expect(listed.length).toBeGreaterThanOrEqual(12);
    for (const p of listed)
      expect(existsSync(path.join(TEST_MEDIA_DIR, p.image!.url.replace(/^\/media\//, '')))).toBe(true);
    const tax = await t.app.inject({ method: 'POST', url: '/api/product/product-category/tax-and-gst', payload: {} });
    expect(tax.json().data.products.map((p: { slug: string }) => p.slug)).toContain('gst-registration');
  });

  it('shows each service’s details on its page, with every fee kind and every field type among them', async () => {
    const services: ServiceDetails[] = [];
    for (const s of demoServices) {
      const data = (await get(`/api/product/single-product/${s.slug}`)).json().data;
      expect(data.service, s.slug).not.toBeNull();
      expect(data.variants[0].price.amount).toBe(s.price * 100);
      services.push(data.service);
    }
    expect(new Set(services.map((s) => s.fee_kind))).toEqual(new Set(SERVICE_FEE_KINDS));
    expect(new Set(services.flatMap((s) => s.form_fields.map((f) => f.type)))).toEqual(
      new Set(APPLICATION_FIELD_TYPES),
    );
    const gst = services[demoServices.findIndex((s) => s.slug === 'gst-registration')]!;
    expect(gst.stages.at(-1)).toMatchObject({ key: 'completed', label: 'GSTIN issued' });
    expect(gst.form_fields.find((f) => f.type === 'file')).toMatchObject({ accept: expect.any(Array), max_mb: 5 });
  });

  it('has customers’ applications in every stage, answering their forms, with a thread, a request and overdue ones', async () => {
    const { headers } = await signedInOwner(t, 'packer');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/applications', headers });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data.applications as {
      id: string;
      stage: string;
      overdue: boolean;
      created_at: string;
      cancel_requested: boolean;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.map((r) => r.created_at)).toEqual(
      rows
        .map((r) => r.created_at)
        .sort()
        .reverse(),
    );
    const stages = new Set(rows.map((r) => r.stage));
    for (const s of ['quote_requested', 'awaiting_payment', 'submitted', 'completed', 'rejected', 'cancelled'])
      expect(stages, s).toContain(s);
    expect(
      rows.filter(
        (r) =>
          !['quote_requested', 'awaiting_payment', 'submitted', 'completed', 'rejected', 'cancelled'].includes(r.stage),
      ).length,
    ).toBeGreaterThanOrEqual(4);
    expect(rows.some((r) => r.overdue)).toBe(true);
    expect(rows.some((r) => !r.overdue && r.stage !== 'completed')).toBe(true);

    const details: AdminApplication[] = [];
    for (const r of rows)
      details.push(
        (await t.app.inject({ method: 'GET', url: `/api/admin/applications/${r.id}`, headers })).json().data,
      );
    const services = new Map(
      await Promise.all(
        demoServices.map(
          async (s) =>
            [
              s.slug,
              (await get(`/api/product/single-product/${s.slug}`)).json().data.service as ServiceDetails,
            ] as const,
        ),
      ),
    );
    for (const a of details) {
      const required = services
        .get(a.service.slug)!
        .form_fields.filter((f) => f.required)
        .map((f) => f.key);
      for (const key of required)
        expect(a.answers.find((x) => x.key === key)?.value, `${a.application_no} ${key}`).toBeTruthy();
      for (const x of a.answers.filter((x) => x.type === 'file' && x.value)) expect(x.document_id).not.toBeNull();
      expect(['quote_requested', 'awaiting_payment']).toContain(a.history[0]!.to);
      expect(a.history.at(-1)!.to).toBe(a.stage);
    }
    expect(details.find((a) => a.stage === 'rejected')!.rejection_reason).toMatch(/\w/);
    expect(details.filter((a) => a.messages.length > 0).length).toBeGreaterThanOrEqual(3);
    expect(details.some((a) => a.document_requests.some((r) => r.status === 'open'))).toBe(true);
    // One applicant asks to cancel once work has started: the inbox marks it, its page offers the decision.
    expect(rows.filter((r) => r.cancel_requested)).toHaveLength(1);
    const asking = details.find((a) => a.cancel.requested_at !== null)!;
    expect(asking.cancel.request_reason).toMatch(/\w/);
    expect(asking.messages.at(-1)).toMatchObject({ author: 'applicant' });
    // An ended one lists the stages it reached, then its ending as the current step.
    const cancelled = details.find((a) => a.stage === 'cancelled')!;
    expect(cancelled.steps.at(-1)).toMatchObject({ key: 'cancelled', active: true, completed: true });
    const quoted = details.find((a) => a.stage === 'awaiting_payment' && a.quote_note);
    expect(quoted?.fee?.amount).toBeGreaterThan(0);

    const filter = (await t.app.inject({ method: 'GET', url: '/api/admin/applications/services', headers })).json().data
      .services as { id: string; name: string; stages: { key: string; label: string }[] }[];
    expect(filter.map((s) => s.name).sort()).toEqual(demoServices.map((s) => s.name).sort());
    expect(filter.find((s) => s.name === 'GST registration')?.stages.at(-1)).toEqual({
      key: 'completed',
      label: 'GSTIN issued',
    });

    const withDoc = details.find((a) => a.documents.length > 0)!;
    const file = await t.app.inject({ method: 'GET', url: withDoc.documents[0]!.download_path, headers });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has a fee order for every fee paid, as the app leaves one: paid online, one due in cash, refundable', async () => {
    const { headers } = await signedInOwner(t, 'owner');
    const rows = (await t.app.inject({ method: 'GET', url: '/api/admin/applications', headers })).json().data
      .applications as { id: string }[];
    const views: AdminApplication[] = [];
    for (const r of rows)
      views.push((await t.app.inject({ method: 'GET', url: `/api/admin/applications/${r.id}`, headers })).json().data);
    const db = t.database.db;
    const orderOf = async (id: string | null) =>
      (
        await queryRows<{
          kind: string;
          application_id: string;
          status: string;
          payment_status: string;
          payment_method_code: string;
          grand_total_minor: number;
          paid_at: string | null;
          paid_payment_id: string | null;
          reserved_until: string | null;
          items: number;
          item_total: number;
          payment: string | null;
          session: string | null;
        }>(
          db,
          sql`select o.kind, o.application_id, o.status, o.payment_status, o.payment_method_code, o.grand_total_minor,
                o.paid_at, o.paid_payment_id, o.reserved_until,
                (select count(*)::int from order_items i where i.order_id = o.id) as items,
                (select sum(i.total_minor)::int from order_items i where i.order_id = o.id) as item_total,
                p.status as payment, s.status as session
                from orders o left join payments p on p.id = o.paid_payment_id
                left join sandbox_sessions s on s.id = p.provider_ref and s.order_id = o.id
               where o.id = ${id}`,
        )
      )[0];
    const applicantView = async (a: AdminApplication) =>
      (await t.app.inject({ method: 'GET', url: `/api/applications/${a.tracking_path.split('/').at(-1)!}` })).json<{
        data: Application;
      }>().data;

    const cashNote = applicationTexts.feeDueBy('Cash at our office');
    const paidOnline = views.filter((a) => a.history.some((e) => e.to === 'submitted' && e.note === 'Fee paid'));
    const inCash = views.filter((a) => a.history.some((e) => e.to === 'submitted' && e.note === cashNote));
    // Every application past its payment says how its fee was paid.
    expect(views.filter((a) => a.history.some((e) => e.to === 'submitted')).length).toBe(
      paidOnline.length + inCash.length,
    );
    expect(paidOnline.length).toBeGreaterThanOrEqual(8);
    expect(inCash).toHaveLength(1);

    for (const a of paidOnline) {
      const o = await orderOf(a.order_id);
      expect(o, a.application_no).toMatchObject({
        kind: 'service_fee',
        application_id: a.id,
        status: 'delivered',
        payment_status: 'paid',
        payment_method_code: 'sandbox',
        grand_total_minor: a.fee!.amount,
        items: 1,
        item_total: a.fee!.amount,
        reserved_until: null,
        payment: 'paid',
        session: 'paid',
      });
      expect(o!.paid_at).not.toBeNull();
      expect(a.fee_status, a.application_no).toMatchObject({
        state: 'paid',
        order_id: a.order_id,
        method: expect.stringMatching(/\w/),
        can_refund: true,
        can_mark_paid: false,
      });
      expect(new Date(a.fee_status.paid_at!).getTime()).toBeLessThan(Date.now());
      expect((await applicantView(a)).fee_order_id).toBe(a.order_id);
    }

    const cash = inCash[0]!;
    expect(await orderOf(cash.order_id)).toMatchObject({
      kind: 'service_fee',
      status: 'delivered',
      payment_status: 'cod',
      payment_method_code: 'cod',
      grand_total_minor: cash.fee!.amount,
      paid_at: null,
      payment: null,
    });
    expect(cash.fee_status).toMatchObject({
      state: 'cash_due',
      method: 'Cash at our office',
      can_mark_paid: true,
      can_refund: false,
    });
    expect((await applicantView(cash)).fee_order_id).toBe(cash.order_id);

    // Awaiting a quote or the fee: no fee order (Pay makes one); the fee is due once quoted.
    for (const a of views.filter((x) => ['quote_requested', 'awaiting_payment'].includes(x.stage))) {
      expect(a.order_id, a.application_no).toBeNull();
      expect(a.fee_status.state).toBe(a.fee ? 'due' : 'not_due');
    }
    const [orphans] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders o
           where o.kind <> 'service_fee' or not exists (select 1 from applications a where a.order_id = o.id)`,
    );
    expect(orphans!.n).toBe(0);

    // The rejected one's fee is still to be refunded: the owner refunds it, paid back by the sandbox.
    const rejected = views.find((a) => a.stage === 'rejected')!;
    expect(rejected.fee_status.can_refund).toBe(true);
    const refunded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${rejected.id}/fee/refund`,
      headers,
      payload: { note: 'Refund of the rejected application' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.fee_status).toMatchObject({ state: 'refunded', can_refund: false });
    await t.app.jobs.runDue();
    expect(await orderOf(rejected.order_id)).toMatchObject({ status: 'refunded', payment_status: 'refunded' });

    // The cash one, received at the office.
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${cash.id}/fee/mark-paid`,
      headers,
      payload: {},
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.fee_status).toMatchObject({ state: 'paid', can_refund: true });
  });

  it('is seeded once: a second seed changes nothing', async () => {
    const count = async () =>
      (
        await queryRows<{ apps: number; orders: number; payments: number }>(
          t.database.db,
          sql`select (select count(*)::int from applications) as apps, (select count(*)::int from orders) as orders,
                (select count(*)::int from payments) as payments`,
        )
      )[0];
    const before = await count();
    expect(await seedDemo(t.database, { mediaDir: TEST_MEDIA_DIR, demo: 'services' })).toBe(false);
    expect(await count()).toEqual(before);
  });
});
