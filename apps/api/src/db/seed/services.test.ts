import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_FIELD_TYPES,
  SERVICE_FEE_KINDS,
  type AdminApplication,
  type ServiceDetails,
} from '@shopfront/shared';
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
});
