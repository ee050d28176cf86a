import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@shopfront/shared';
import { jobs, outboxMessages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createCustomer, uniquePhone } from '../../test/auth.ts';
import { appWithEnv } from '../../test/ops-app.ts';
import { JOBS_CHANNEL } from '../jobs/queue.ts';
import { OUTBOX_MAX_ATTEMPTS } from './service.ts';

interface Mail {
  from: string;
  to: string[];
  data: string;
}

/** A small but real SMTP receiver on loopback: speaks enough RFC 5321 for nodemailer to deliver. */
function startSmtpServer(): Promise<{ port: number; mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Mail = { from: '', to: [], data: '' };
    socket.setEncoding('utf8');
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl < 0) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write('250 2.1.0 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          socket.write('250 2.1.5 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => ({
    port: (server.address() as net.AddressInfo).port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }));
}

interface Sms {
  to: string;
  body: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

/** An SMS provider on loopback: records each POST; answers 500 for recipients in `failFor`. */
function startSmsServer(): Promise<{ url: string; received: Sms[]; failFor: Set<string>; close: () => Promise<void> }> {
  const received: Sms[] = [];
  const failFor = new Set<string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { to: string; body: string };
      if (failFor.has(body.to)) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('provider down');
        return;
      }
      received.push({ ...body, authorization: req.headers.authorization, contentType: req.headers['content-type'] });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1');
  return once(server, 'listening').then(() => ({
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/sms`,
    received,
    failFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }));
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sms: Awaited<ReturnType<typeof startSmsServer>>;
let env: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  sms = await startSmsServer();
  env = {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Loom & Leaf <shop@loomandleaf.test>',
    SMS_WEBHOOK_URL: sms.url,
    SMS_WEBHOOK_TOKEN: 'sms-secret',
  };
  t = await createTestApp({ env });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await sms.close();
});

let ipCounter = 0;
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.4.0.${++ipCounter}` });
const rowsTo = (recipient: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
/** The deliver-message jobs of one outbox message. */
const deliveryJobsOf = (messageId: number) =>
  t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'deliver-message'), sql`${jobs.payload}->>'messageId' = ${String(messageId)}`));

describe('outbox delivery', () => {
  it('e-mails a reset link through SMTP_URL and marks the message sent', async () => {
    const c = await createCustomer(t.database.db);
    expect((await post('/api/auth/reset', { email: c.email })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const mail = smtp.mails.find((m) => m.to.includes(c.email!));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('shop@loomandleaf.test');
    expect(mail!.data).toMatch(/^Subject: Reset your Loom & Leaf password$/m);
    expect(mail!.data).toContain('/account/reset-password/');
    const [row] = await rowsTo(c.email!);
    expect(row).toMatchObject({ channel: 'email', status: 'sent', attempts: 1, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('posts an OTP to SMS_WEBHOOK_URL as JSON {to, body} with the bearer token', async () => {
    const phone = uniquePhone();
    expect((await post('/api/auth/otp/request', { input: phone })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    const got = sms.received.filter((m) => m.to === phone);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ authorization: 'Bearer sms-secret', contentType: 'application/json' });
    expect(got[0]!.body).toMatch(/^\d{4} is your Loom & Leaf login code\./);
    expect((await rowsTo(phone))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a refused message later, and gives up after the last attempt', async () => {
    const phone = uniquePhone();
    sms.failFor.add(phone);
    await post('/api/auth/otp/request', { input: phone });
    await t.app.jobs.runDue();
    let [row] = await rowsTo(phone);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMS provider answered 500: provider down',
    });
    const [job] = await deliveryJobsOf(row!.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, maxAttempts: OUTBOX_MAX_ATTEMPTS });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: a run leaves it alone.
    await t.app.jobs.runDue();
    expect((await rowsTo(phone))[0]!.attempts).toBe(1);
    // Due again, on its last attempt.
    await t.database.db
      .update(jobs)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1, runAt: sql`now()` })
      .where(eq(jobs.id, job!.id));
    await t.app.jobs.runDue();
    [row] = await rowsTo(phone);
    expect(row).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect((await deliveryJobsOf(row!.id))[0]).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(sms.received.some((m) => m.to === phone)).toBe(false);
  });

  it('writes a message and its delivery job only if the transaction that queues them commits', async () => {
    const recipient = uniquePhone();
    const jobIds = () => t.database.db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id);
    const before = await jobIds();
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.outbox.enqueue(tx, { channel: 'sms', recipient, body: 'never sent' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsTo(recipient)).toEqual([]);
    expect(await jobIds()).toEqual(before);
  });

  it('starts delivery when the queuing transaction commits: no handler kicks, none on a rollback', async () => {
    // Every "jobs due" notice the database sends; the app's runner hears the same ones.
    let notices = 0;
    const stop = await t.database.listen(JOBS_CHANNEL, () => notices++);
    try {
      const dropped = uniquePhone();
      await expect(
        t.database.db.transaction(async (tx) => {
          await t.app.outbox.enqueue(tx, { channel: 'sms', recipient: dropped, body: 'rolled back' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      const kept = [uniquePhone(), uniquePhone()];
      await t.database.db.transaction(async (tx) => {
        for (const r of kept) await t.app.outbox.enqueue(tx, { channel: 'sms', recipient: r, body: `kept ${r}` });
        // Nothing is announced before the commit.
        expect(notices).toBe(0);
      });
      // Nobody calls runDue or kick: the commit's notice starts the run.
      await vi.waitFor(
        () =>
          expect(
            sms.received
              .filter((m) => kept.includes(m.to))
              .map((m) => m.to)
              .sort(),
          ).toEqual([...kept].sort()),
        { timeout: 3_000, interval: 20 },
      );
      await vi.waitFor(() => expect(notices).toBeGreaterThan(0), { timeout: 1_000, interval: 10 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // One notice for the committed transaction's two messages, none for the rolled-back one.
      expect(notices).toBe(1);
      expect(await rowsTo(dropped)).toEqual([]);
      expect(sms.received.some((m) => m.to === dropped)).toBe(false);
    } finally {
      await stop();
    }
  });

  it('delivers each message once when four app processes run jobs at the same time', async () => {
    const others = await Promise.all([1, 2, 3].map(() => appWithEnv(t.database, env)));
    try {
      await Promise.all(others.map((a) => a.ready()));
      const recipients = Array.from({ length: 50 }, () => uniquePhone());
      await t.database.db.transaction(async (tx) => {
        for (const r of recipients)
          await t.app.outbox.enqueue(tx, { channel: 'sms', recipient: r, body: `hello ${r}` });
      });
      await Promise.all([t.app, ...others].map((a) => a.jobs.runDue()));
      const delivered = sms.received.filter((m) => recipients.includes(m.to)).map((m) => m.to);
      expect(delivered.sort()).toEqual([...recipients].sort());
      const rows = await t.database.db
        .select()
        .from(outboxMessages)
        .where(inArray(outboxMessages.recipient, recipients));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(others.map((a) => a.close()));
    }
  });
});

describe('development outbox pages', () => {
  // No transport here: these pages exist for held messages, which keep their text until the
  // retention run (a delivered one keeps only DELIVERED_BODY).
  let held: TestApp;
  beforeAll(async () => {
    held = await createTestApp({ env: { DEV_OUTBOX: 'true' } });
  });
  afterAll(() => held.close());
  const postHeld = (url: string, payload: unknown) =>
    held.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.4.1.${++ipCounter}` });
  const heldRowsTo = (recipient: string) =>
    held.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

  it('GET /api/dev/outbox answers the messages newest first, filterable by recipient', async () => {
    const phone = uniquePhone();
    await postHeld('/api/auth/otp/request', { input: phone });
    await postHeld('/api/auth/otp/request', { input: phone });
    const res = await held.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${phone}` });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json().data;
    expect(messages).toHaveLength(2);
    expect(messages[0].id).toBeGreaterThan(messages[1].id);
    expect(messages[0]).toEqual({
      id: expect.any(Number),
      channel: 'sms',
      recipient: phone,
      subject: '',
      body: expect.stringMatching(/^\d{4} is your/),
      status: expect.any(String),
      attempts: expect.any(Number),
      last_error: null,
      created_at: expect.any(String),
      sent_at: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
    });
    const all = (await held.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' })).json().data.messages;
    expect(all).toHaveLength(1);
    expect((await held.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=0' })).statusCode).toBe(422);
  });

  it('GET /dev/outbox is a readable page with OTP codes and clickable reset links', async () => {
    const c = await createCustomer(held.database.db, { firstName: '<b>Tom</b>' });
    await postHeld('/api/auth/reset', { email: c.email });
    const phone = uniquePhone();
    await postHeld('/api/auth/otp/request', { input: phone });
    const code = /\b(\d{4})\b/.exec((await heldRowsTo(phone))[0]!.body)![1]!;
    const res = await held.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<h1>Outbox</h1>');
    expect(html).toContain(`${code} is your Loom &amp; Leaf login code`);
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/account\/reset-password\/[^"]+\/[A-Za-z0-9_-]{43}">/);
    expect(html).toContain('Hello &lt;b&gt;Tom&lt;/b&gt;');
    expect(html).not.toContain('<b>Tom</b>');
    // Newest first: the SMS was written after the reset e-mail.
    expect(html.indexOf(`${code} is your`)).toBeLessThan(html.indexOf('Hello &lt;b&gt;Tom'));
    // The page's only style block carries the CSP nonce.
    const csp = String(res.headers['content-security-policy']);
    const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`'nonce-${nonce}'`);
  });

  it('does not exist without DEV_OUTBOX=true (production here; dev-outbox-access.test.ts has the rest)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', DEV_OUTBOX: 'false' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      const api = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ status: 'error', message: 'Not found' });
    } finally {
      await prod.close();
    }
  });

  it('with no transport, prints each held message to the operator’s log (never to a client)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const info = vi.spyOn(prod.app.log, 'info');
      const phone = uniquePhone();
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/otp/request',
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        payload: { input: phone },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/\b\d{4} is your/);
      const held = info.mock.calls.find(([obj]) => (obj as { outbox?: { to?: string } }).outbox?.to === phone);
      expect(held?.[0]).toEqual({ outbox: { channel: 'sms', to: phone } });
      expect(held?.[1]).toMatch(/^outbox \(held, no sms transport\): \d{4} is your Loom & Leaf login code/);
    } finally {
      await prod.close();
    }
  });
});
