import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_FIELD_TYPES, SERVICE_FEE_KINDS, type ServiceDetails } from '@shopfront/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_MEDIA_DIR } from '../../test/paths.ts';
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
});
