import { once } from 'node:events';
import http from 'node:http';
import type net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, createCustomer, uniquePhone } from '../../test/auth.ts';
import { DELIVERED_BODY } from './service.ts';

/** An SMS provider on loopback that accepts every message and records what it got. */
let smsServer: http.Server;
const texts: { to: string; body: string }[] = [];
let t: TestApp;
const nextAddress = addressSource(62);

beforeAll(async () => {
  smsServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      texts.push(JSON.parse(raw) as { to: string; body: string });
      res.writeHead(200).end('{}');
    });
  });
  smsServer.listen(0, '127.0.0.1');
  await once(smsServer, 'listening');
  const port = (smsServer.address() as net.AddressInfo).port;
  // SMS goes out; e-mail has no transport here, so it is held.
  t = await createTestApp({ env: { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms` } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => smsServer.close(resolve));
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });
const rowsTo = (recipient: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

describe('outbox text after delivery', () => {
  it('keeps no OTP in the database once the provider has the message', async () => {
    const phone = uniquePhone();
    expect((await post('/api/auth/otp/request', { input: phone })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const sent = texts.find((m) => m.to === phone);
    expect(sent?.body).toMatch(/^\d{4} is your/);
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: 'sent', subject: '', body: DELIVERED_BODY });
  });

  it('keeps a held message (no transport for its channel) whole, for the outbox page, until retention', async () => {
    const c = await createCustomer(t.database.db);
    expect((await post('/api/auth/reset', { email: c.email! })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const [row] = await rowsTo(c.email!);
    expect(row!.status).toBe('stored');
    expect(row!.subject).not.toBe('');
    expect(row!.body).toContain('/account/reset-password/');
  });
});
