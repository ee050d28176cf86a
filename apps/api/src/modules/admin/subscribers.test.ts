import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEWSLETTER_SUBSCRIBERS_CSV_HEADER,
  STAFF_ROLES,
  roleMayUse,
  type NewsletterSubscriber,
} from '@shopfront/shared';
import { emailSubscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInOwner } from '../staff/testing.ts';

/**
 * The newsletter's sign-ups for the owner (GET /api/admin/newsletter-subscribers) on PGlite and
 * (TEST_DATABASE_URL) PostgreSQL: the JSON page (newest first, the source as the contract's
 * enum) and the whole list as CSV (oldest first, formula-safe, streamed in keyset batches), by
 * role. The shop-opening list's tests are in owner-api.test.ts.
 */
let t: TestApp;
let owner: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInOwner(t)).headers;
}, 300_000);
afterAll(() => t.close());

const get = (url: string, headers = owner) => t.app.inject({ method: 'GET', url, headers });

describe('newsletter sign-ups', () => {
  it('lists them newest first and exports them oldest first as CSV, quoting and defusing formulas', async () => {
    await t.database.db.insert(emailSubscribers).values([
      {
        email: 'asha@example.in',
        status: 'confirmed',
        source: 'footer',
        createdAt: new Date('2026-11-20T10:00:00Z'),
        confirmedAt: new Date('2026-11-20T10:05:00Z'),
      },
      { email: '=HYPERLINK("x")@example.in', source: 'section', createdAt: new Date('2026-11-21T09:30:00Z') },
      {
        email: '＋cmd@example.in',
        status: 'unsubscribed',
        source: 'account',
        createdAt: new Date('2026-11-22T08:00:00Z'),
      },
      { email: 'ravi,kumar@example.in', source: 'page', createdAt: new Date('2026-11-23T07:00:00Z') },
    ]);

    const json = await get('/api/admin/newsletter-subscribers');
    expect(json.statusCode, json.body).toBe(200);
    const data = json.json().data as { subscribers: NewsletterSubscriber[] };
    expect(data.subscribers.map((s) => [s.email, s.status, s.source])).toEqual([
      ['ravi,kumar@example.in', 'pending', 'page'],
      ['＋cmd@example.in', 'unsubscribed', 'account'],
      ['=HYPERLINK("x")@example.in', 'pending', 'section'],
      ['asha@example.in', 'confirmed', 'footer'],
    ]);
    expect(data.subscribers[3]).toEqual({
      email: 'asha@example.in',
      status: 'confirmed',
      source: 'footer',
      created_at: '2026-11-20T10:00:00.000Z',
      confirmed_at: '2026-11-20T10:05:00.000Z',
    });

    const csv = await get('/api/admin/newsletter-subscribers?format=csv&page=7');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body).toBe(
      'email,status,source,created_at,confirmed_at\r\n' +
        'asha@example.in,confirmed,footer,2026-11-20T10:00:00.000Z,2026-11-20T10:05:00.000Z\r\n' +
        `"'=HYPERLINK(""x"")@example.in",pending,section,2026-11-21T09:30:00.000Z,\r\n` +
        "'＋cmd@example.in,unsubscribed,account,2026-11-22T08:00:00.000Z,\r\n" +
        '"ravi,kumar@example.in",pending,page,2026-11-23T07:00:00.000Z,\r\n',
    );
    expect(csv.body.split('\r\n')[0]).toBe(NEWSLETTER_SUBSCRIBERS_CSV_HEADER);
  });

  it('pages the JSON 100 at a time, while the CSV holds everyone across its batches of 500', async () => {
    await t.database.db.delete(emailSubscribers);
    await t.database.db.insert(emailSubscribers).values(
      Array.from({ length: 1150 }, (_, i) => ({
        email: `reader${String(i).padStart(4, '0')}@example.in`,
        createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
      })),
    );
    const second = (await get('/api/admin/newsletter-subscribers?page=2')).json().data;
    expect(second.pagination).toEqual({ page: 2, per_page: 100, total: 1150, last_page: 12 });
    expect(second.subscribers).toHaveLength(100);
    expect(second.subscribers[0].email).toBe('reader1049@example.in');
    const last = (await get('/api/admin/newsletter-subscribers?page=12')).json().data;
    expect(last.subscribers).toHaveLength(50);
    expect(last.subscribers.at(-1).email).toBe('reader0000@example.in');

    const lines = (await get('/api/admin/newsletter-subscribers?format=csv')).body.split('\r\n');
    expect(lines).toHaveLength(1 + 1150 + 1);
    expect(lines[1]).toMatch(/^reader0000@example\.in,pending,footer,2026-11-01T00:00:00\.000Z,$/);
    expect(lines[500]).toMatch(/^reader0499@example\.in,/);
    expect(lines[501]).toMatch(/^reader0500@example\.in,/);
    expect(lines[1150]).toMatch(/^reader1149@example\.in,/);
    expect(new Set(lines.slice(1, -1)).size).toBe(1150);
    expect(lines.at(-1)).toBe('');
  });

  it('refuses an unknown format or page with the field’s message', async () => {
    const bad = await get('/api/admin/newsletter-subscribers?format=xlsx');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ format: ['The value must be one of: json, csv'] });
    expect((await get('/api/admin/newsletter-subscribers?page=0')).statusCode).toBe(422);
  });

  it('lets only the roles with the customers area read or export the list', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers?format=csv' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of STAFF_ROLES) {
      const headers = (await signedInOwner(t, role)).headers;
      const allowed = roleMayUse(role, 'customers');
      for (const url of ['/api/admin/newsletter-subscribers', '/api/admin/newsletter-subscribers?format=csv']) {
        const res = await get(url, headers);
        expect([role, url, res.statusCode]).toEqual([role, url, allowed ? 200 : 403]);
        if (allowed && url.endsWith('csv')) expect(res.body).toMatch(/^email,status,source,/);
        if (!allowed) expect(res.body).not.toContain('@example.in');
      }
    }
  });
});
