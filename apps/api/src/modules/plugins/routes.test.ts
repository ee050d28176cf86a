import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OrderSchema,
  PluginListSchema,
  messages,
  PluginSchema,
  TrackPurchaseSchema,
  pluginMessages,
} from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addressSource, loggedInCustomer } from '../../test/auth.ts';
import { testBrowser } from '../../test/browser.ts';
import { createTestOrder } from '../../test/orders.ts';
import { installPlugin, uninstallPlugin } from '../../test/plugins.ts';
import { analyticsCsp, analyticsSources } from './analytics-csp.ts';

let t: TestApp;
const db = () => t.database.db;
const nextAddress = addressSource(231);

const GTAG = { google_tag_id: 'G-SHOP1234' };
const PIXEL = { tag_code: '123456789012345' };
// A secret beside a public key: stored, never answered.
const UMAMI = {
  website_id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
  script_url: 'https://stats.example.test/script.js',
};

const install = (name: string, config: Record<string, unknown>) => installPlugin(db(), name, config);
const uninstall = (name: string) => uninstallPlugin(db(), name);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  await queryRows(
    db(),
    sql`delete from plugins where module_name in ('GoogleGtag', 'FacebookPixel', 'UmamiAnalytics', 'MicrosoftClarity', 'WhatsApp')`,
  );
  await queryRows(db(), sql`update plugins set is_installed = true where module_name = 'Review'`);
});

const get = (url: string) => testBrowser(t.app, { ip: nextAddress() }).call('GET', url);

describe('GET /api/plugins/all', () => {
  it('lists the installed plugins with their public config only', async () => {
    await install('GoogleGtag', GTAG);
    await install('UmamiAnalytics', { ...UMAMI, api_key: 'not-for-browsers' });
    await install('FacebookPixel', PIXEL);
    await uninstall('FacebookPixel');
    const res = await get('/api/plugins/all');
    expect(res.statusCode).toBe(200);
    const list = PluginListSchema.parse(res.json().data);
    const names = list.map((p) => p.module_name);
    expect(names).toEqual(expect.arrayContaining(['Review', 'GoogleGtag', 'UmamiAnalytics']));
    expect(names).not.toContain('FacebookPixel');
    expect(list.find((p) => p.module_name === 'GoogleGtag')!.config).toEqual(GTAG);
    expect(list.find((p) => p.module_name === 'UmamiAnalytics')!.config).toEqual(UMAMI);
    expect(res.body).not.toContain('not-for-browsers');
  });
});

describe('GET /api/plugins/config/{name}', () => {
  it('answers one installed plugin with its public keys', async () => {
    await install('WhatsApp', {
      mobile_no: '919876543210',
      default_message: 'Hello!',
      chat_location: 'Bottom Left',
      internal_note: 'owner only',
    });
    const res = await get('/api/plugins/config/WhatsApp');
    expect(res.statusCode).toBe(200);
    expect(PluginSchema.parse(res.json().data)).toEqual({
      module_name: 'WhatsApp',
      config: { mobile_no: '919876543210', default_message: 'Hello!', chat_location: 'Bottom Left' },
    });
    const review = await get('/api/plugins/config/Review');
    expect([review.statusCode, review.json().data]).toEqual([200, { module_name: 'Review', config: {} }]);
  });

  it('is 404 for an unknown name (names are case-sensitive) and for a known one that is not installed', async () => {
    for (const name of ['NoSuchPlugin', 'googlegtag', '..%2F..%2Fadmin']) {
      const res = await get(`/api/plugins/config/${name}`);
      expect([res.statusCode, res.json()], name).toEqual([
        404,
        { status: 'error', message: pluginMessages.unknownPlugin },
      ]);
    }
    await uninstall('Review');
    for (const name of ['FacebookPixel', 'Review']) {
      const res = await get(`/api/plugins/config/${name}`);
      expect([res.statusCode, res.json()], name).toEqual([
        404,
        { status: 'error', message: pluginMessages.notInstalled },
      ]);
    }
  });

  it('answers 4xx, never 500, to a name no client sends', async () => {
    const nul = await get('/api/plugins/config/a%00b');
    expect([nul.statusCode, nul.json().errors]).toEqual([422, { name: [messages.invalidCharacters] }]);
    // Longer than any route parameter (Fastify's limit): no route, the API's JSON 404.
    const long = await get(`/api/plugins/config/${'x'.repeat(200)}`);
    expect([long.statusCode, long.json().status]).toEqual([404, 'error']);
  });
});

describe('PUT /api/plugins/{MicrosoftClarity,UmamiAnalytics}/track-purchase', () => {
  beforeEach(async () => {
    await install('MicrosoftClarity', { code: 'shop1234ab' });
    await install('UmamiAnalytics', UMAMI);
  });
  async function customer() {
    const c = await loggedInCustomer(t);
    return { ...c, b: testBrowser(t.app, { cookie: c.cookie, ip: nextAddress() }) };
  }

  it('answers tracked true once per order, false after, and sets the order’s flag', async () => {
    const me = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    for (const plugin of ['MicrosoftClarity', 'UmamiAnalytics']) {
      const url = `/api/plugins/${plugin}/track-purchase`;
      const answers = await Promise.all([1, 2, 3].map(() => me.b.call('PUT', url, { order_id: o.id })));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((r) => TrackPurchaseSchema.parse(r.json().data).tracked).filter(Boolean)).toHaveLength(1);
      const later = await me.b.call('PUT', url, { order_id: o.id });
      expect([later.statusCode, later.json().data]).toEqual([200, { tracked: false }]);
    }
    const order = OrderSchema.parse((await me.b.call('POST', '/api/orders/item', { order_id: o.id })).json().data);
    expect([order.microsoft_clarity_event_tracked, order.umami_event_tracked]).toEqual([true, true]);
    // The other plugins' flags are their own.
    expect([order.google_gtag_event_tracked, order.facebook_pixel_event_tracked]).toEqual([false, false]);
  });

  it('is 404 for anyone else’s order and sets nothing', async () => {
    const me = await customer();
    const other = await customer();
    const o = await createTestOrder(db(), { customerId: me.customer.id });
    for (const plugin of ['MicrosoftClarity', 'UmamiAnalytics']) {
      const url = `/api/plugins/${plugin}/track-purchase`;
      expect((await other.b.call('PUT', url, { order_id: o.id })).statusCode).toBe(404);
      expect((await testBrowser(t.app, { ip: nextAddress() }).call('PUT', url, { order_id: o.id })).statusCode).toBe(
        404,
      );
      expect((await me.b.call('PUT', url, { order_id: o.id })).json().data).toEqual({ tracked: true });
    }
  });
});

describe('analytics CSP sources', () => {
  it('allows each provider’s hosts only while its plugin is installed', () => {
    expect(analyticsSources([])).toEqual({ script: [], connect: [], img: [] });
    const gtagAndPixel = analyticsSources([
      { name: 'GoogleGtag', config: GTAG },
      { name: 'FacebookPixel', config: PIXEL },
    ]);
    expect(gtagAndPixel.script).toEqual(['https://www.googletagmanager.com', 'https://connect.facebook.net']);
    expect(gtagAndPixel.connect).toEqual(
      expect.arrayContaining(['https://www.google-analytics.com', 'https://www.facebook.com']),
    );
    expect(gtagAndPixel.img).toContain('https://www.facebook.com');
    expect(analyticsSources([{ name: 'MicrosoftClarity', config: { code: 'abcd1234' } }]).script).toEqual([
      'https://www.clarity.ms',
      'https://*.clarity.ms',
    ]);
    // Umami: the origin of its script_url, nothing when that is not an https URL.
    expect(analyticsSources([{ name: 'UmamiAnalytics', config: UMAMI }])).toEqual({
      script: ['https://stats.example.test'],
      connect: ['https://stats.example.test'],
      img: [],
    });
    expect(
      analyticsSources([{ name: 'UmamiAnalytics', config: { script_url: "javascript:alert('x')" } }]).script,
    ).toEqual([]);
    // GTM and gtag share Google's hosts: listed once.
    const google = analyticsSources([
      { name: 'GoogleGtag', config: GTAG },
      { name: 'GoogleTagManager', config: { code: 'GTM-ABC123' } },
    ]);
    expect(google.script).toEqual(['https://www.googletagmanager.com']);
    // A request that was not looked up (an API call) adds nothing.
    expect(analyticsCsp('script', ["'self'"])({} as never)).toBe("'self'");
  });

  it('adds no analytics host to API answers, even with plugins installed', async () => {
    await install('GoogleGtag', GTAG);
    await install('FacebookPixel', PIXEL);
    const res = await get('/api/plugins/all');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/googletagmanager|facebook/);
  });
});
