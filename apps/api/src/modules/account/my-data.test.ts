import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDataExportSchema, authMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, createCustomer } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { createTestOrder } from '../../test/orders.ts';
import { lastCodeTo, wrongCode } from '../../test/outbox.ts';
import { TEST_STAGES } from '../applications/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Download my data', () => {
  it('answers a JSON file with the profile, orders (lines, totals, addresses) and sign-in log, after a code', async () => {
    const c = await createCustomer(t.database.db, { firstName: 'Mira', phoneVerified: false });
    await queryRows(t.database.db, sql`update customers set email_verified_at = now() where id = ${c.id}`);
    const order = await createTestOrder(t.database.db, { customerId: c.id, status: 'delivered' });
    await queryRows(
      t.database.db,
      sql`insert into applications (id, application_no, service_name, service_slug, stages, customer_id, name, stage,
            answers, currency, tracking_token_hash)
          values ('apl_mydata1', 'AP-MYDATA1', 'GST registration', 'gst-registration', ${JSON.stringify(TEST_STAGES)}::jsonb,
            ${c.id}, 'Mira', 'in_progress', ${JSON.stringify([{ key: 'business_name', label: 'Business', value: 'Mira Traders' }])}::jsonb,
            'INR', 'mydata-token-hash-1')`,
    );
    await queryRows(
      t.database.db,
      sql`insert into application_messages (application_id, author, body) values ('apl_mydata1', 'staff', 'PAN card received')`,
    );
    const b = testBrowser(t.app, { ip: '10.64.0.1' });
    expect((await b.call('POST', '/api/auth/login', { email: c.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    expect((await b.call('POST', '/api/account/my-data', { otp: '1234' })).statusCode).toBe(422);
    const sent = await b.call('POST', '/api/account/my-data/code', { action: 'download' });
    expect(sent.statusCode, sent.body).toBe(200);
    // No verified phone: the code goes to the verified e-mail.
    expect(sent.json().data.sent_to).toMatch(/^s\*\*\*@example\.test$/);
    const code = await lastCodeTo(t.database.db, c.email!, 'email');
    const wrong = await b.call('POST', '/api/account/my-data', { otp: wrongCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual([authMessages.otpInvalid]);

    const res = await b.call('POST', '/api/account/my-data', { otp: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="shopfront-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const file = MyDataExportSchema.parse(JSON.parse(res.body));
    expect(file.profile).toMatchObject({ id: c.id, first_name: 'Mira', email: c.email });
    expect(file.orders).toHaveLength(1);
    expect(file.orders[0]).toMatchObject({
      id: order.id,
      status: 'delivered',
      grand_total_minor: order.grandTotalMinor,
    });
    expect(file.orders[0]!.items.length).toBeGreaterThan(0);
    expect(file.orders[0]!.shipping_address).toMatchObject({ address_line_1: expect.any(String) });
    expect(file.orders[0]).not.toHaveProperty('tracking_token_hash');
    expect(file.applications).toHaveLength(1);
    expect(file.applications[0]).toMatchObject({ application_no: 'AP-MYDATA1', stage: 'in_progress' });
    expect(file.applications[0]!.answers).toEqual([{ key: 'business_name', label: 'Business', value: 'Mira Traders' }]);
    expect(file.applications[0]!.messages).toMatchObject([{ author: 'staff', body: 'PAN card received' }]);
    expect(file.applications[0]).not.toHaveProperty('tracking_token_hash');
    expect(file.sign_in_log.some((l) => l.success === true && l.method === 'password')).toBe(true);
    expect(res.body).not.toContain('argon2');
    // The code is used up.
    expect((await b.call('POST', '/api/account/my-data', { otp: code })).statusCode).toBe(422);
    // Guests: 401.
    expect((await testBrowser(t.app).call('POST', '/api/account/my-data', { otp: code })).statusCode).toBe(401);
  });
});
