import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_FORM_FILES_MAX,
  APPLICATION_TEXT_MAX_CHARS,
  serviceMessages,
  type ServiceDetailsBody,
} from '@shopfront/shared';
import { queryRows } from '../../../db/client.ts';
import { CACHES_ON, createTestApp, type TestApp } from '../../../test/app.ts';
import { testBrowser } from '../../../test/browser.ts';
import { signedInOwner } from '../../staff/testing.ts';

/**
 * A product's service details through the owner API (issue 27), on PGlite and (TEST_DATABASE_URL)
 * PostgreSQL, with the page caches on: who may read and write them, the rules across fields with
 * a message on each field, and what the product page answers in each store mode (a change shows
 * on the cached page at once).
 */
let t: TestApp;
let owner: Record<string, string>;
let productId: string;
const SLUG = 'organic-cotton-crew-tee';
let OTHER_SLUG: string;

beforeAll(async () => {
  t = await createTestApp({ env: CACHES_ON });
  owner = (await signedInOwner(t)).headers;
  productId = (await page(SLUG)).product.id;
  const listing = await t.app.inject({ method: 'POST', url: '/api/shop/all', payload: { per_page: 2 } });
  OTHER_SLUG = listing.json().data.products.find((p: { slug: string }) => p.slug !== SLUG).slug;
});
afterAll(() => t.close());

const url = (id: string) => `/api/admin/catalog/products/${id}/service`;
const call = (method: 'GET' | 'PUT' | 'DELETE', id: string, payload?: unknown, headers = owner) =>
  t.app.inject({ method, url: url(id), headers, ...(payload === undefined ? {} : { payload: payload as object }) });
async function page(slug: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/product/single-product/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const setMode = async (store_mode: 'products' | 'services') => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: owner,
    payload: { store_mode },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const gstRegistration = (): ServiceDetailsBody => ({
  fee_kind: 'from',
  includes: ['Application filed on the GST portal', 'ARN and certificate shared'],
  turnaround_days: 7,
  documents_needed: ['PAN card', 'Aadhaar card', 'Proof of business address'],
  stages: [
    { key: 'documents_verified', label: 'Documents verified', expected_days: 1 },
    { key: 'filed', label: 'Filed', expected_days: 2 },
    { key: 'completed', label: 'Certificate issued', expected_days: 4 },
  ],
  form_fields: [
    { key: 'business_name', label: 'Business name', type: 'text', required: true, max: 120 },
    {
      key: 'constitution',
      label: 'Constitution',
      type: 'choice',
      options: ['Proprietorship', 'Partnership', 'Company'],
    },
    { key: 'turnover', label: 'Expected turnover (₹)', type: 'number', min: 0 },
    {
      key: 'pan',
      label: 'PAN card',
      type: 'file',
      required: true,
      accept: ['application/pdf', 'image/jpeg'],
      max_mb: 5,
    },
  ],
});

describe('service details: who may', () => {
  it('owners and managers read and write; packers and content editors get 403; no session 401', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const headers = (await signedInOwner(t, role)).headers;
      expect((await call('GET', productId, undefined, headers)).statusCode, role).toBe(200);
      expect((await call('PUT', productId, gstRegistration(), headers)).statusCode, role).toBe(200);
    }
    for (const role of ['packer', 'content_editor'] as const) {
      const headers = (await signedInOwner(t, role)).headers;
      expect((await call('GET', productId, undefined, headers)).statusCode, role).toBe(403);
      expect((await call('PUT', productId, gstRegistration(), headers)).statusCode, role).toBe(403);
      expect((await call('DELETE', productId, undefined, headers)).statusCode, role).toBe(403);
    }
    expect((await call('GET', productId, undefined, {})).statusCode).toBe(401);
    expect((await call('PUT', productId, gstRegistration(), {})).statusCode).toBe(401);
    expect((await call('DELETE', productId, undefined, {})).statusCode).toBe(401);
  });
});

describe('service details: saving', () => {
  it('answers null for a product that is no service, 404 for no product', async () => {
    const other = (await page(OTHER_SLUG)).product.id;
    const none = await call('GET', other);
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, 'no-such-product', method === 'PUT' ? gstRegistration() : undefined);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe('Product not found');
    }
  });

  it('saves them whole, with the defaults filled in, and audits the change', async () => {
    // A shopper has it in their cart from when it was sold as a product: saving makes it a
    // service, applied for and never carted, so the line leaves the cart.
    const shopper = testBrowser(t.app);
    await setMode('services');
    await t.database.db.execute(sql`delete from service_details where product_id = ${productId}`);
    const [v] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select v.id from variants v where v.product_id = ${productId} and v.stock > 0 order by v.id limit 1`,
    );
    const added = await shopper.call('POST', '/api/cart/add-item', { product_id: v!.id, quantity: 1 });
    expect(added.statusCode, added.body).toBe(200);
    const res = await call('PUT', productId, gstRegistration());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Service details saved');
    const saved = res.json().data;
    expect(saved.form_fields[0]).toEqual({
      key: 'business_name',
      label: 'Business name',
      type: 'text',
      required: true,
      help: null,
      options: [],
      max: 120,
      min: null,
      accept: [],
      max_mb: null,
    });
    expect((await call('GET', productId)).json().data).toEqual(saved);
    const [audit] = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target = ${`product:${productId}`} order by id desc limit 1`,
    );
    expect(audit?.action).toBe('service-details.save');
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from cart_items where product_id = ${productId}`,
    );
    expect(left!.n).toBe(0);
    expect((await shopper.call('GET', '/api/cart/get')).json().data.items ?? []).toEqual([]);
    await setMode('products');
  });

  it('refuses what zod alone cannot see, with a message on each field', async () => {
    const body = gstRegistration();
    body.form_fields = [
      { key: 'pan', label: 'PAN', type: 'text' },
      { key: 'pan', label: 'PAN again', type: 'text' },
      { key: 'visa_type', label: 'Visa type', type: 'choice', options: ['Tourist'] },
      { key: 'photo', label: 'Photo', type: 'file', accept: [] },
      { key: 'age', label: 'Age', type: 'number', min: 60, max: 18 },
      { key: 'city', label: 'City', type: 'choice', options: ['Pune', 'Pune'] },
      { key: 'email', label: 'Your CA’s e-mail', type: 'text' },
      { key: 'service', label: 'Service wanted', type: 'text' },
    ];
    body.stages = [
      { key: 'submitted', label: 'Submitted' },
      { key: 'filed', label: 'Filed' },
      { key: 'filed', label: 'Filed again' },
    ];
    const res = await call('PUT', productId, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'form_fields.1.key': ['Each field of the form needs its own key'],
      'form_fields.2.options': ['A choice field needs at least two options'],
      'form_fields.3.accept': ['A file field needs at least one accepted file type'],
      'form_fields.4.min': ['The smallest value must not be above the largest'],
      'form_fields.5.options': ['Each option of a choice field must be different'],
      'form_fields.6.key': [
        '“email” is a part of every application already (its service or contact): pick another key',
      ],
      'form_fields.7.key': [
        '“service” is a part of every application already (its service or contact): pick another key',
      ],
      'stages.0.key': ['“submitted” is a stage every application already has: pick another key'],
      'stages.2.key': ['Each stage needs its own key'],
    });
  });

  it('refuses a form no application could be sent with: a built-in key, a text max past the bound, too many files', async () => {
    const body = gstRegistration();
    const file = (key: string) => ({ key, label: key, type: 'file' as const, accept: ['application/pdf' as const] });
    body.form_fields = [
      { key: 'constructor', label: 'Constructor', type: 'text' },
      { key: 'story', label: 'Your story', type: 'textarea', max: APPLICATION_TEXT_MAX_CHARS + 1 },
      { key: 'code', label: 'Code', type: 'text', max: 0 },
      ...Array.from({ length: APPLICATION_FORM_FILES_MAX + 1 }, (_, i) => file(`doc_${i + 1}`)),
    ];
    const res = await call('PUT', productId, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'form_fields.0.key': ['“constructor” is a name the shop uses itself: pick another key'],
      'form_fields.1.max': ['The longest answer is a whole number of characters from 1 to 10,000'],
      'form_fields.2.max': ['The longest answer is a whole number of characters from 1 to 10,000'],
      [`form_fields.${3 + APPLICATION_FORM_FILES_MAX}.type`]: [serviceMessages.tooManyFiles],
    });
    expect(serviceMessages.tooManyFiles).toContain('at most 5 files');

    // At the bounds: saved (a number field's max is a value, not a length: no bound here).
    body.form_fields = [
      { key: 'story', label: 'Your story', type: 'textarea', max: APPLICATION_TEXT_MAX_CHARS },
      { key: 'turnover', label: 'Turnover', type: 'number', max: 1_000_000_000 },
      ...Array.from({ length: APPLICATION_FORM_FILES_MAX }, (_, i) => file(`doc_${i + 1}`)),
    ];
    const saved = await call('PUT', productId, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await call('DELETE', productId).then((r) => r.statusCode)).toBe(200);
  });

  it('refuses bad shapes with the field’s message, never a 500', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...gstRegistration(), stages: [] }, 'stages', 'This field is required'],
      [{ ...gstRegistration(), fee_kind: 'free' }, 'fee_kind', 'This field is not valid'],
      [
        { ...gstRegistration(), form_fields: [{ key: 'PAN No', label: 'PAN', type: 'text' }] },
        'form_fields.0.key',
        'A key is up to 50 lower-case letters, digits and underscores, starting with a letter, such as pan_number',
      ],
      [
        {
          ...gstRegistration(),
          form_fields: [{ key: 'scan', label: 'Scan', type: 'file', accept: ['application/zip'] }],
        },
        'form_fields.0.accept.0',
        'This field is not valid',
      ],
      [
        {
          ...gstRegistration(),
          form_fields: [{ key: 'scan', label: 'Scan', type: 'file', accept: ['application/pdf'], max_mb: 50 }],
        },
        'form_fields.0.max_mb',
        'The value may not be greater than 10',
      ],
      [{ ...gstRegistration(), turnaround_days: -1 }, 'turnaround_days', 'The value must be at least 0'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', productId, body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], JSON.stringify(res.json().errors)).toEqual([message]);
    }
  });
});

describe('service details on the product page', () => {
  it('shows them only in services mode, nothing for a product without them; a change shows on the cached page', async () => {
    expect((await call('PUT', productId, gstRegistration())).statusCode).toBe(200);
    const saved = (await call('GET', productId)).json().data;
    expect((await page(SLUG)).service).toBeNull();

    await setMode('services');
    try {
      const shown = (await page(SLUG)).service;
      expect(shown).toEqual(saved);
      expect(shown.form_fields[3]).toMatchObject({
        type: 'file',
        accept: ['application/pdf', 'image/jpeg'],
        max_mb: 5,
      });
      expect((await page(OTHER_SLUG)).service).toBeNull();

      // The owner API's own write: the cached page shows it on the very next read.
      const quicker = { ...gstRegistration(), turnaround_days: 3 };
      expect((await call('PUT', productId, quicker)).statusCode).toBe(200);
      expect((await page(SLUG)).service.turnaround_days).toBe(3);

      // A write from elsewhere (another process, a script): the table's trigger moves the content version on.
      await t.database.db.execute(sql`update service_details set turnaround_days = 9 where product_id = ${productId}`);
      await vi.waitFor(async () => expect((await page(SLUG)).service.turnaround_days).toBe(9), { timeout: 5000 });

      const removed = await call('DELETE', productId);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe('This product is no longer a service');
      expect((await page(SLUG)).service).toBeNull();
      expect((await call('GET', productId)).json().data).toBeNull();
      // Removing again changes nothing and is not an error.
      expect((await call('DELETE', productId)).statusCode).toBe(200);
    } finally {
      await setMode('products');
    }
  });
});
