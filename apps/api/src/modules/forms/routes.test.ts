import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formSubmissions, forms } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Submissions are rate limited per address: each call comes from its own address unless a test says otherwise.
let nextHost = 1;
const submit = (id: string, payload: unknown, remoteAddress = `10.20.0.${nextHost++}`) =>
  t.app.inject({
    method: 'POST',
    url: `/api/form/submit/${id}`,
    payload: payload as object,
    remoteAddress,
    headers: { 'user-agent': 'vitest' },
  });

const validContact = {
  name: 'Asha Kulkarni',
  email: 'asha@example.com',
  topic: 'An order',
  message: 'Where is my order #1042, please?',
};

describe('GET /api/form/{id}', () => {
  it('answers the definition: fields with label, type, required, options and lengths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/form/contact' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: 'contact',
      name: 'Contact us',
      submit_label: 'Send message',
      success_message: expect.stringContaining('Thank you'),
    });
    expect(data.fields.map((f: { name: string }) => f.name)).toEqual(['name', 'email', 'phone', 'topic', 'message']);
    expect(data.fields.find((f: { name: string }) => f.name === 'topic')).toMatchObject({
      type: 'select',
      required: true,
      options: expect.arrayContaining(['An order']),
    });
    expect(data.fields.find((f: { name: string }) => f.name === 'message')).toMatchObject({
      type: 'textarea',
      min_length: 10,
      max_length: 2000,
    });
    const trade = (await t.app.inject({ method: 'GET', url: '/api/form/trade-enquiry' })).json().data;
    expect(trade.fields.length).toBeGreaterThanOrEqual(6);
  });

  it('answers 404 for an unknown or switched-off form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/form/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Form not found' });
    await t.database.db.update(forms).set({ isActive: false }).where(eq(forms.id, 'trade-enquiry'));
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/form/trade-enquiry' })).statusCode).toBe(404);
      expect((await submit('trade-enquiry', {})).statusCode).toBe(404);
    } finally {
      await t.database.db.update(forms).set({ isActive: true }).where(eq(forms.id, 'trade-enquiry'));
    }
  });
});

describe('POST /api/form/submit/{id}', () => {
  it('stores a valid submission, trimmed, without unknown fields, and answers the success message', async () => {
    const res = await submit(
      'contact',
      { ...validContact, name: '  Asha Kulkarni  ', phone: '+91 98450 12345', admin: true, price: 1 },
      '10.30.0.1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Thank you! We have received your message and will reply within one working day.',
      data: { form_id: 'contact' },
    });
    const [row] = await t.database.db.select().from(formSubmissions).orderBy(desc(formSubmissions.id)).limit(1);
    expect(row).toMatchObject({ formId: 'contact', ip: '10.30.0.1', userAgent: 'vitest' });
    expect(row!.data).toEqual({ ...validContact, name: 'Asha Kulkarni', phone: '+91 98450 12345' });
  });

  it('answers 422 with the spec messages per field and stores nothing', async () => {
    const before = (await t.database.db.select().from(formSubmissions)).length;
    const res = await submit('contact', {
      name: 'x'.repeat(101),
      email: 'not-an-email',
      phone: 'call me',
      topic: 'Pizza',
      message: 'Too short',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'The given data was invalid.',
      errors: {
        name: ['The value length should not exceed 100'],
        email: ['The value must be an valid email address'],
        phone: ['Invalid phone number'],
        topic: ['This field is not valid'],
        message: ['The value length should be at least 10'],
      },
    });
    const empty = await submit('contact', {});
    expect(empty.json().errors).toEqual({
      name: ['This field is required'],
      email: ['This field is required'],
      topic: ['This field is required'],
      message: ['This field is required'],
    });
    expect((await submit('contact', { ...validContact, name: { first: 'A' } })).json().errors).toEqual({
      name: ['This field is not valid'],
    });
    expect((await submit('contact', { ...validContact, message: 'x'.repeat(2001) })).json().errors).toEqual({
      message: ['The value length should not exceed 2000'],
    });
    expect((await submit('contact', ['not', 'an', 'object'])).statusCode).toBe(422);
    expect((await t.database.db.select().from(formSubmissions)).length).toBe(before);
  });

  it('applies each form its own definition (trade enquiry: GSTIN exactly 15 characters)', async () => {
    const trade = {
      business_name: 'Kaveri Home Store',
      contact_name: 'Nikhil Joshi',
      email: 'buying@kaveri.example',
      phone: '9845012345',
      city: 'Mysuru',
      business_type: 'Retail store',
      gst_number: '29ABCDE1234F1Z',
      message: 'We would like to stock your mugs and planters in our two stores.',
    };
    expect((await submit('trade-enquiry', trade)).json().errors).toEqual({
      gst_number: ['The value length should be at least 15'],
    });
    expect((await submit('trade-enquiry', { ...trade, gst_number: '29ABCDE1234F1Z5' })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown form', async () => {
    const res = await submit('nope', validContact);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Form not found' });
  });

  it('is rate limited to 5 a minute per address, with the envelope', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await submit('contact', validContact, '10.40.0.1')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await submit('contact', validContact, '10.40.0.1');
    expect(limited.json()).toEqual({ status: 'error', message: 'Too many requests. Please try again later' });
    expect((await submit('contact', validContact, '10.40.0.2')).statusCode).toBe(200);
  });
});
