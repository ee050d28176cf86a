import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStorefront } from '../ssr/storefront.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { appWithEnv } from '../test/ops-app.ts';
import { redactUrl, serializeError } from './log-redaction.ts';

let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
const SECRET = `argon2id-lookalike-${randomBytes(8).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  app = await appWithEnv(t.database, { LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  // A statement that fails with a value bound to it, as an INSERT of a customer would.
  app.get('/api/test-probe/failing-query', { schema: { hide: true } }, async () => {
    await app.db.execute(sql`select ${SECRET}::int as n`);
    return {};
  });
  await registerStorefront(app, { dev: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t.close();
});

/** What was logged while `fn` ran, one string. */
async function logged(fn: () => Promise<unknown>): Promise<string> {
  const from = lines.length;
  await fn();
  return lines.slice(from).join('');
}

describe('logs', () => {
  it('never show a reset token: not from the page URL, its data request, nor the in-process validate-reset call', async () => {
    const token = randomBytes(32).toString('base64url');
    const email = encodeURIComponent('someone@example.test');
    const out = await logged(async () => {
      const page = await app.inject({ method: 'GET', url: `/account/reset-password/${email}/${token}` });
      expect(page.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: `/account/reset-password/${email}/${token}.data` });
      await app.inject({ method: 'POST', url: `/api/auth/validate-reset?email=${email}&token=${token}` });
    });
    expect(out).toContain(`"url":"/account/reset-password/${email}/[redacted]"`);
    expect(out).toContain(`/api/auth/validate-reset?email=${email}&token=[redacted]`);
    expect(out).not.toContain(token);
  });

  it('never show a newsletter link token: the confirm and unsubscribe pages, their data requests, the API', async () => {
    const token = randomBytes(32).toString('base64url');
    const signed = `1k.${randomBytes(32).toString('base64url')}`;
    const out = await logged(async () => {
      for (const url of [
        `/newsletter/confirm/${token}`,
        `/newsletter/confirm/${token}.data`,
        `/newsletter/unsubscribe/${signed}`,
        `/newsletter/unsubscribe/${signed}.data`,
        `/api/plugins/emailSubscription/unsubscribe/${signed}`,
      ]) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBeLessThan(500);
      }
    });
    expect(out).toContain('"url":"/newsletter/confirm/[redacted]"');
    expect(out).toContain('"url":"/newsletter/unsubscribe/[redacted]"');
    expect(out).toContain('"url":"/api/plugins/emailSubscription/unsubscribe/[redacted]"');
    expect(out).not.toContain(token);
    expect(out).not.toContain(signed);
  });

  it('show a failed statement without the values it was run with', async () => {
    const out = await logged(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/test-probe/failing-query' });
      expect(res.statusCode).toBe(500);
    });
    const line = out.split('\n').find((l) => l.includes('unhandled error'));
    expect(line).toBeDefined();
    expect(line).toContain('Failed query: select $1::int as n');
    expect(out).not.toContain(SECRET);
  });
});

describe('redactUrl', () => {
  it('replaces secret query values and reset path tokens, and leaves other URLs alone', () => {
    expect(redactUrl('/api/auth/validate-reset?email=a%40b.c&token=abc')).toBe(
      '/api/auth/validate-reset?email=a%40b.c&token=[redacted]',
    );
    expect(redactUrl('/x?otp=1234&code=99&new_password=p&access_token=t&signature=s&q=shoes')).toBe(
      '/x?otp=[redacted]&code=[redacted]&new_password=[redacted]&access_token=[redacted]&signature=[redacted]&q=shoes',
    );
    expect(redactUrl('/account/reset-password/a%40b.c/tok.data?_routes=x')).toBe(
      '/account/reset-password/a%40b.c/[redacted]?_routes=x',
    );
    // The abandoned-cart link restores a cart for 7 days: its token stays out of the logs too.
    expect(redactUrl('/cart/restore/AbC_dEf-123.data?_routes=x')).toBe('/cart/restore/[redacted]?_routes=x');
    // Tracking links and the sandbox gateway's payment page carry secrets in the path.
    expect(redactUrl('/track-order/AbC_dEf-123')).toBe('/track-order/[redacted]');
    expect(redactUrl('/api/track-order/AbC_dEf-123')).toBe('/api/track-order/[redacted]');
    expect(redactUrl('/sandbox-gateway/pay/sess_1?x=1')).toBe('/sandbox-gateway/pay/[redacted]?x=1');
    // Newsletter links: the confirmation token confirms, the unsubscribe token unsubscribes (for ever).
    expect(redactUrl('/newsletter/confirm/AbC_dEf-123')).toBe('/newsletter/confirm/[redacted]');
    expect(redactUrl('/newsletter/confirm/AbC_dEf-123.data?_routes=x')).toBe(
      '/newsletter/confirm/[redacted]?_routes=x',
    );
    expect(redactUrl('/newsletter/unsubscribe/1k.SiG_n-4')).toBe('/newsletter/unsubscribe/[redacted]');
    expect(redactUrl('/api/plugins/emailSubscription/unsubscribe/1k.SiG_n-4')).toBe(
      '/api/plugins/emailSubscription/unsubscribe/[redacted]',
    );
    expect(redactUrl('/api/plugins/emailSubscription/confirm/AbC')).toBe(
      '/api/plugins/emailSubscription/confirm/[redacted]',
    );
    // The POST endpoints take the token in the body: their path is left as it is, as is the page itself.
    expect(redactUrl('/api/plugins/emailSubscription/unsubscribe')).toBe('/api/plugins/emailSubscription/unsubscribe');
    expect(redactUrl('/newsletter')).toBe('/newsletter');
    expect(redactUrl('/api/storefront/initial-values?keys=store_name')).toBe(
      '/api/storefront/initial-values?keys=store_name',
    );
    expect(redactUrl('/product/organic-cotton-crew-tee')).toBe('/product/organic-cotton-crew-tee');
  });
});

describe('serializeError', () => {
  it('drops the data a database error carries, down the cause chain', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "customers_email"'), {
      severity: 'ERROR',
      code: '23505',
      constraint: 'customers_email',
      detail: 'Key (email)=(someone@example.test) already exists.',
    });
    const drizzle = Object.assign(
      new Error('Failed query: insert into customers values ($1, $2)\nparams: someone@example.test,$argon2id$v=19$'),
      {
        query: 'insert into customers values ($1, $2)',
        params: ['someone@example.test', '$argon2id$v=19$'],
        cause: pgError,
      },
    );
    const out = JSON.stringify(serializeError(drizzle));
    expect(out).not.toContain('someone@example.test');
    expect(out).not.toContain('argon2id');
    expect(out).toContain('Failed query: insert into customers values ($1, $2)');
    expect(out).toContain('duplicate key value violates unique constraint \\"[redacted]\\"');
    expect(out).toContain('"constraint":"customers_email"');
    expect(out).toContain('"code":"23505"');
  });
});
