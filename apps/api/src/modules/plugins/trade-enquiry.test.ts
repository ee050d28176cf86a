import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { formSubmissions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { outboxTo } from '../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let nextHost = 1;
const submit = (payload: unknown, remoteAddress = `10.80.0.${nextHost++}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/plugins/TradeEnquiry/submit',
    payload: payload as object,
    remoteAddress,
    headers: { 'user-agent': 'vitest' },
  });

const enquiry = {
  business_name: 'Chai & Clay Café',
  contact_name: 'Nikhil Rao',
  email: 'nikhil@chaiandclay.example',
  phone: '+91 98450 22222',
  city: 'Pune',
  business_type: 'Hotel, café or restaurant',
  message: 'We would like 120 stoneware mugs for our new café, in two glazes.',
};

const latest = async () =>
  (
    await t.database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formId, 'trade-enquiry'))
      .orderBy(desc(formSubmissions.id))
      .limit(1)
  )[0];

const setConfig = (config: Record<string, unknown>) =>
  t.database.db.execute(
    sql`update plugins set config = ${JSON.stringify(config)}::jsonb where module_name = 'TradeEnquiry'`,
  );

describe('POST /api/plugins/TradeEnquiry/submit', () => {
  it('stores a submission of the trade-enquiry form with the product, tells notify_email, answers the success message', async () => {
    const [product] = await queryRows<{ slug: string; name: string }>(
      t.database.db,
      sql`select slug, name from products where is_published order by name limit 1`,
    );
    const res = await submit({ ...enquiry, product: product!.slug, admin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Thank you. Our trade team will reply with the trade catalogue within two working days.',
      data: { form_id: 'trade-enquiry', product: { slug: product!.slug, name: product!.name } },
    });
    const row = await latest();
    expect(row!.data).toEqual({ ...enquiry, product: product!.slug, product_name: product!.name });
    expect(row!.userAgent).toBe('vitest');
    const [mail] = await outboxTo(t.database.db, 'trade@loomandleaf.example', 'email');
    expect(mail!.subject).toBe(`Trade enquiry from Chai & Clay Café about ${product!.name}`);
    expect(mail!.body).toContain('Business name: Chai & Clay Café');
    expect(mail!.body).toContain('What are you looking for?: We would like 120 stoneware mugs');
    expect(mail!.body).toContain(`/product/${product!.slug}`);
  });

  it('without notify_email tells the store e-mail; without product stores the form fields only', async () => {
    await setConfig({ title: 'Trade enquiry' });
    try {
      const res = await submit(enquiry);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Thank you. Our trade team will reply within two working days.');
      expect(res.json().data.product).toBeNull();
      expect((await latest())!.data).toEqual(enquiry);
      const [store] = await queryRows<{ email: string }>(
        t.database.db,
        sql`select value #>> '{}' as email from store_settings where key = 'store_email'`,
      );
      const [mail] = await outboxTo(t.database.db, store!.email, 'email');
      expect(mail!.subject).toBe('Trade enquiry from Chai & Clay Café');
    } finally {
      await setConfig({
        title: 'Trade & wholesale enquiry',
        success_message: 'Thank you. Our trade team will reply with the trade catalogue within two working days.',
        notify_email: 'trade@loomandleaf.example',
      });
    }
  });

  it("validates with the form's own field rules (the forms module's), one message per field", async () => {
    const before = (await latest())!.id;
    const res = await submit({
      ...enquiry,
      email: 'nope',
      message: 'Too short',
      business_type: 'Pirate',
      gst_number: '123',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'error',
      message: 'The given data was invalid.',
      errors: {
        email: ['The value must be an valid email address'],
        message: ['The value length should be at least 20'],
        business_type: ['This field is not valid'],
        gst_number: ['The value length should be at least 15'],
      },
    });
    const empty = await submit({});
    expect(Object.keys(empty.json().errors)).toEqual(
      expect.arrayContaining(['business_name', 'contact_name', 'email', 'phone', 'city', 'business_type', 'message']),
    );
    expect((await latest())!.id).toBe(before);
  });

  it('refuses an unknown or unpublished product with 422 on product, and a body that is not an object', async () => {
    for (const product of ['no-such-thing', '../etc', 42]) {
      const res = await submit({ ...enquiry, product });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.product).toEqual(['This product could not be found']);
    }
    expect((await submit([1, 2])).statusCode).toBe(422);
  });

  it('answers 404 while the plugin is not installed, and while the form is switched off', async () => {
    await t.database.db.execute(sql`update plugins set is_installed = false where module_name = 'TradeEnquiry'`);
    try {
      const res = await submit(enquiry);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', message: 'This plugin is not installed' });
    } finally {
      await t.database.db.execute(sql`update plugins set is_installed = true where module_name = 'TradeEnquiry'`);
    }
    await t.database.db.execute(sql`update forms set is_active = false where id = 'trade-enquiry'`);
    try {
      expect((await submit(enquiry)).json()).toEqual({ status: 'error', message: 'Form not found' });
    } finally {
      await t.database.db.execute(sql`update forms set is_active = true where id = 'trade-enquiry'`);
    }
  });

  it('allows 5 enquiries a minute per address', async () => {
    const ip = '10.81.0.1';
    for (let i = 0; i < 5; i++) expect((await submit(enquiry, ip)).statusCode).toBe(200);
    const res = await submit(enquiry, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many requests. Please try again later');
  });
});

describe('GET /api/plugins/TradeEnquiry/product/:slug', () => {
  const product = (slug: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/plugins/TradeEnquiry/product/${encodeURIComponent(slug)}`,
      remoteAddress: `10.81.0.${nextHost++}`,
    });

  it('names a published product (what the trade form says the enquiry is about)', async () => {
    const [row] = await queryRows<{ slug: string; name: string }>(
      t.database.db,
      sql`select slug, name from products where is_published order by name limit 1`,
    );
    const res = await product(row!.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { slug: row!.slug, name: row!.name } });
  });

  it('answers 404 for an unknown or unpublished product, 4xx for a malformed slug, 404 when not installed', async () => {
    const [hidden] = await queryRows<{ slug: string }>(
      t.database.db,
      sql`update products set is_published = false
           where id = (select id from products where is_published order by name desc limit 1) returning slug`,
    );
    try {
      for (const slug of ['no-such-product', hidden!.slug]) {
        const res = await product(slug);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ status: 'error', message: 'This product could not be found' });
      }
    } finally {
      await t.database.db.execute(sql`update products set is_published = true where slug = ${hidden!.slug}`);
    }
    const bad = await product('../etc');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);

    const [row] = await queryRows<{ slug: string }>(
      t.database.db,
      sql`select slug from products where is_published limit 1`,
    );
    await t.database.db.execute(sql`update plugins set is_installed = false where module_name = 'TradeEnquiry'`);
    try {
      expect((await product(row!.slug)).json()).toEqual({ status: 'error', message: 'This plugin is not installed' });
    } finally {
      await t.database.db.execute(sql`update plugins set is_installed = true where module_name = 'TradeEnquiry'`);
    }
  });
});
