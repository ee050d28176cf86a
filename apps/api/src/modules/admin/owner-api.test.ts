import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLUGIN_NAMES, STORE_SETTING_KEYS, authMessages } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { auditLog, modeSubscribers, plugins, storefronts } from '../../db/schema.ts';
import { verifyPassword } from '../../lib/password.ts';
import { createTestApp, secondProcess, type TestApp } from '../../test/app.ts';
import { MASK } from '../staff/audit.ts';
import { signedInOwner } from '../staff/testing.ts';

let t: TestApp;
let headers: Record<string, string>;
let ownerEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signedInOwner(t);
  headers = owner.headers;
  ownerEmail = owner.member.email;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: object, app: TestApp = t) =>
  app.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
const latestAudit = async (target: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, target))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};
const auditCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
const initialValues = async (app: TestApp = t) =>
  (await app.app.inject({ method: 'GET', url: '/api/storefront/initial-values' })).json().data;

describe('store settings', () => {
  it('answers every store setting', async () => {
    const res = await api('GET', '/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      store_name: 'Loom & Leaf',
      default_channel: expect.any(String),
      cart_expire_days: 30,
      account_verification_for: 'phone',
      twitter: null,
    });
    expect(Object.keys(res.json().data).sort()).toEqual([...STORE_SETTING_KEYS].sort());
  });

  it('saves a partial change in one go, audits only the changed keys, and the storefront shows it at once', async () => {
    const before = await initialValues();
    const res = await api('PATCH', '/api/admin/settings', {
      store_name: 'Loom & Leaf Studio',
      cart_expire_days: 14,
      twitter: 'https://twitter.com/loomandleaf',
      enable_guest_checkout: before.settings.enable_guest_checkout, // unchanged: not audited
      store_country: 'in',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Store settings saved',
      data: { store_name: 'Loom & Leaf Studio', cart_expire_days: 14, store_country: 'IN' },
    });
    const after = await initialValues();
    expect(after.settings).toMatchObject({
      store_name: 'Loom & Leaf Studio',
      cart_expire_days: 14,
      twitter: 'https://twitter.com/loomandleaf',
    });
    const entry = await latestAudit('store-settings');
    expect(entry).toMatchObject({
      action: 'store-settings.update',
      actor: ownerEmail,
      before: { store_name: 'Loom & Leaf', cart_expire_days: 30, twitter: null },
      after: { store_name: 'Loom & Leaf Studio', cart_expire_days: 14, twitter: 'https://twitter.com/loomandleaf' },
    });
    expect(Object.keys(entry!.after as object).sort()).toEqual(['cart_expire_days', 'store_name', 'twitter']);

    // Saving the same values again changes nothing and writes no audit entry.
    const n = await auditCount();
    expect((await api('PATCH', '/api/admin/settings', { store_name: 'Loom & Leaf Studio' })).statusCode).toBe(200);
    expect(await auditCount()).toBe(n);
  });

  it('refuses unknown keys by name and bad values with a message each, changing nothing', async () => {
    const n = await auditCount();
    const unknown = await api('PATCH', '/api/admin/settings', { store_nmae: 'Typo', tax_rate_percent: 5 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      store_nmae: ['Unknown setting "store_nmae"'],
      tax_rate_percent: ['Unknown setting "tax_rate_percent"'],
    });
    const bad = await api('PATCH', '/api/admin/settings', {
      enable_guest_checkout: 'yes',
      store_email: 'not-an-email',
      store_url: 'ftp://shop.example',
      cart_expire_days: 0,
      account_verification_for: 'sms',
      store_country: 'India',
      store_name: '',
      facebook: 'facebook',
      google_embed_url: 'http://maps.example/embed',
      checkout_instruction: 'a\u0000b',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      enable_guest_checkout: ['The value must be true or false'],
      store_email: ['The value must be an valid email address'],
      store_url: ['The value must be an http:// or https:// address'],
      cart_expire_days: ['The value must be at least 1'],
      account_verification_for: ['The value must be one of: none, email, phone, both'],
      store_country: ['The value must be a two-letter country code such as IN'],
      store_name: ['This field is required'],
      facebook: ['The value must be an http:// or https:// address'],
      google_embed_url: ['The value must be an https:// address'],
      checkout_instruction: ['This field contains characters that are not allowed'],
    });
    const refs = await api('PATCH', '/api/admin/settings', {
      default_channel: 'nowhere',
      privacy_policy_page: 'no-such-page',
      store_country: 'ZZ',
    });
    expect(refs.statusCode).toBe(422);
    expect(refs.json().errors).toEqual({
      default_channel: ['No channel has this id'],
      privacy_policy_page: ['No page has this slug'],
      store_country: ['No country has this code'],
    });
    const empty = await api('PATCH', '/api/admin/settings', {});
    expect(empty.json()).toMatchObject({ errors: { body: ['Send at least one value to change'] } });
    expect(await auditCount()).toBe(n);
    expect((await initialValues()).settings.enable_guest_checkout).toBe(true);
  });

  it('loses neither of two different keys changed at the same time', async () => {
    const rounds = 5;
    for (let i = 0; i < rounds; i++) {
      const [a, b] = await Promise.all([
        api('PATCH', '/api/admin/settings', { store_phone: `+91 80 4000 10${i}` }),
        api('PATCH', '/api/admin/settings', { customer_care_phone: `+91 80 4000 20${i}` }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    }
    const { data } = (await api('GET', '/api/admin/settings')).json();
    expect(data.store_phone).toBe(`+91 80 4000 10${rounds - 1}`);
    expect(data.customer_care_phone).toBe(`+91 80 4000 20${rounds - 1}`);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'shows a change on a second process at once, without a restart (PostgreSQL)',
    async () => {
      const other = await secondProcess(t);
      try {
        expect((await initialValues(other)).settings.store_address).toBe('12 Residency Road, Bengaluru 560025');
        await api('PATCH', '/api/admin/settings', { store_address: '7 Lavelle Road, Bengaluru 560001' });
        expect((await initialValues(other)).settings.store_address).toBe('7 Lavelle Road, Bengaluru 560001');
        await api('PATCH', '/api/admin/storefront', { mode: 'Under Maintenance' });
        expect((await initialValues(other)).storefront.mode).toBe('Under Maintenance');
        await api('PATCH', '/api/admin/storefront', { mode: null });
      } finally {
        await other.close();
      }
    },
  );
});

describe('storefront settings', () => {
  it('answers the storefront with has_password and never a password or its hash', async () => {
    const res = await api('GET', '/api/admin/storefront');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ mode: null, has_password: false, is_cookie_warning_enabled: true });
    expect(JSON.stringify(data)).not.toMatch(/password_hash|argon2/);
  });

  it('needs a store password before protection goes on; stores it hashed, write-only, and audits it masked', async () => {
    const on = await api('PATCH', '/api/admin/storefront', { is_password_protection_enabled: true });
    expect(on.statusCode).toBe(422);
    expect(on.json()).toMatchObject({
      message: 'Set a store password first',
      errors: { is_password_protection_enabled: ['Set a store password first'] },
    });
    for (const [password, error] of [
      ['12345', 'The value length should be at least 6'],
      ['x'.repeat(129), 'The value length should not exceed 128'],
      [123456, 'This field is required'],
    ] as const) {
      const res = await api('PATCH', '/api/admin/storefront', { password });
      expect(res.json().errors, String(password)).toEqual({ password: [error] });
    }

    const set = await api('PATCH', '/api/admin/storefront', {
      is_password_protection_enabled: true,
      password: 'open-sesame',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ is_password_protection_enabled: true, has_password: true });
    expect(set.json().data.password).toBeUndefined();
    const [row] = await t.database.db.select().from(storefronts).where(eq(storefronts.isDefault, true));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, 'open-sesame')).toBe(true);
    expect((await initialValues()).storefront.is_password_protection_enabled).toBe(true);

    const entry = await latestAudit(`storefront:${row!.id}`);
    expect(entry).toMatchObject({
      action: 'storefront.update',
      before: { is_password_protection_enabled: false, password: null },
      after: { is_password_protection_enabled: true, password: MASK },
    });
    expect(JSON.stringify(entry)).not.toContain('open-sesame');

    // A new password replaces the hash (visitors' store-access cookies are keyed on it).
    await api('PATCH', '/api/admin/storefront', { password: 'new-sesame' });
    const [changed] = await t.database.db.select().from(storefronts).where(eq(storefronts.id, row!.id));
    expect(changed!.passwordHash).not.toBe(row!.passwordHash);
    expect(await verifyPassword(changed!.passwordHash, 'new-sesame')).toBe(true);

    // Off, and on again with the saved password: no new password needed.
    expect((await api('PATCH', '/api/admin/storefront', { is_password_protection_enabled: false })).statusCode).toBe(
      200,
    );
    expect((await api('PATCH', '/api/admin/storefront', { is_password_protection_enabled: true })).statusCode).toBe(
      200,
    );
    await api('PATCH', '/api/admin/storefront', { is_password_protection_enabled: false });
  });

  it('changes mode, flags, nested texts (merged) and theme colours, which the storefront serves at once', async () => {
    const { message } = (await initialValues()).storefront.cookie_warning;
    const res = await api('PATCH', '/api/admin/storefront', {
      mode: 'Coming Soon',
      is_cookie_warning_enabled: false,
      cookie_warning: { title: 'Cookies, briefly' },
      notice_bar: { message: 'Free shipping over ₹1,499', page_slug: 'shipping-and-returns' },
      topbar: { enabled: false },
      page_layout: 'boxed',
      enable_indexing: false,
      theme: { primary: '#A0522D', accent: '#fc0' },
      custom_css: '.site-header { letter-spacing: .02em; }',
    });
    expect(res.statusCode).toBe(200);
    const sf = (await initialValues()).storefront;
    expect(sf).toMatchObject({
      mode: 'Coming Soon',
      is_cookie_warning_enabled: false,
      cookie_warning: {
        title: 'Cookies, briefly',
        message, // merged: the message is kept
      },
      notice_bar: { enabled: true, message: 'Free shipping over ₹1,499', is_closable: true },
      topbar: { enabled: false, message: 'Handmade in India · Easy 14-day returns' },
      page_layout: 'boxed',
      enable_indexing: false,
      theme: { primary: '#a0522d', accent: '#fc0', secondary: '#c9773c' },
      custom_css: '.site-header { letter-spacing: .02em; }',
    });
    const back = await api('PATCH', '/api/admin/storefront', { mode: null, is_cookie_warning_enabled: true });
    expect(back.json().data.mode).toBeNull();
  });

  it('refuses a common store password, as for staff passwords (6 characters stay the minimum)', async () => {
    const entries = await auditCount();
    for (const password of ['password', '123456', 'qwerty123']) {
      const res = await api('PATCH', '/api/admin/storefront', { password, is_password_protection_enabled: true });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors).toEqual({ password: [authMessages.passwordTooCommon] });
    }
    expect(await auditCount()).toBe(entries);
    const [row] = await t.database.db.select().from(storefronts).where(eq(storefronts.isDefault, true));
    expect(row!.isPasswordProtectionEnabled).toBe(false);
    expect((await api('PATCH', '/api/admin/storefront', { password: 'kx7-loom' })).statusCode).toBe(200);
  });

  it('leaves custom CSS to owners: staff get 403 changing it, and may change the rest', async () => {
    const staffMember = await signedInOwner(t, 'manager');
    const asStaff = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/storefront', headers: staffMember.headers, payload });
    const current = (await api('GET', '/api/admin/storefront')).json().data.custom_css as string;
    const entries = await auditCount();
    const css = await asStaff({
      custom_css: 'body { background: url(https://evil.example/x) }',
      theme: { primary: '#123456' },
    });
    expect(css.statusCode).toBe(403);
    expect(css.json()).toEqual({ status: 'error', message: 'You do not have permission to do this' });
    expect(await auditCount()).toBe(entries);
    expect((await initialValues()).storefront).toMatchObject({ custom_css: current });
    expect((await initialValues()).storefront.theme.primary).not.toBe('#123456');
    // The CSS it already has (a panel sending the whole form) is no change, so it passes.
    const same = await asStaff({ custom_css: current, theme: { primary: '#123456' } });
    expect(same.statusCode).toBe(200);
    expect((await initialValues()).storefront.theme.primary).toBe('#123456');
    expect((await api('PATCH', '/api/admin/storefront', { custom_css: `${current} ` })).statusCode).toBe(200);
  });

  it('leaves the store settings in it (opening, password, search and sharing) to members with settings: a content editor gets 403, and may change the look', async () => {
    const editor = await signedInOwner(t, 'content_editor');
    const manager = await signedInOwner(t, 'manager');
    const as = (member: { headers: Record<string, string> }, payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/storefront', headers: member.headers, payload });
    const before = (await api('GET', '/api/admin/storefront')).json().data;
    const entries = await auditCount();
    for (const payload of [
      { meta: { title: 'Cheap pills' } },
      { favicon: 'https://evil.example/icon.png' },
      { enable_indexing: !before.enable_indexing },
      { social_sharing_image: 'https://evil.example/share.png' },
      { mode: 'Coming Soon' },
      { password: 'kx7-editor' },
      { notice_bar: { message: 'Sale' }, meta: { title: 'Cheap pills' } }, // one settings key spoils the lot
    ]) {
      const res = await as(editor, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json()).toEqual({ status: 'error', message: 'You do not have permission to do this' });
    }
    expect(await auditCount()).toBe(entries);
    const after = (await api('GET', '/api/admin/storefront')).json().data;
    for (const k of ['meta', 'favicon', 'enable_indexing', 'social_sharing_image', 'mode', 'notice_bar']) {
      expect(after[k], k).toEqual(before[k]);
    }
    // The look is content: theirs. The current settings sent again (a whole form) are no change.
    const sameMeta = { title: before.meta.title, description: before.meta.description };
    const look = await as(editor, { notice_bar: { message: 'Free delivery this week' }, meta: sameMeta });
    expect(look.statusCode, look.body).toBe(200);
    expect(look.json().data.notice_bar.message).toBe('Free delivery this week');
    // A manager has the settings area.
    const meta = await as(manager, { meta: { title: 'Loom & Leaf — handwoven' } });
    expect(meta.statusCode, meta.body).toBe(200);
    expect(meta.json().data.meta.title).toBe('Loom & Leaf — handwoven');
    const restore = await api('PATCH', '/api/admin/storefront', {
      meta: sameMeta,
      notice_bar: { message: before.notice_bar.message },
    });
    expect(restore.statusCode, restore.body).toBe(200);
  });

  it('leaves store_url to owners: it is where reset links point', async () => {
    const staffMember = await signedInOwner(t, 'manager');
    const asStaff = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: staffMember.headers, payload });
    const current = (await api('GET', '/api/admin/settings')).json().data.store_url as string | null;
    const entries = await auditCount();
    const moved = await asStaff({ store_url: 'https://evil.example', store_name: 'Loom & Leaf' });
    expect([moved.statusCode, moved.json().message]).toEqual([403, 'You do not have permission to do this']);
    expect(await auditCount()).toBe(entries);
    expect((await api('GET', '/api/admin/settings')).json().data.store_url).toBe(current);
    // The value it already has is no change; other settings stay open to staff.
    expect((await asStaff({ store_url: current, store_phone: '+91 98765 43210' })).statusCode).toBe(200);
  });

  it('refuses keys named like built-in object properties as unknown, at the top and nested', async () => {
    for (const [url, body, key] of [
      ['/api/admin/settings', { constructor: 1 }, 'constructor'],
      ['/api/admin/settings', { toString: 'x' }, 'toString'],
      ['/api/admin/storefront', { theme: { constructor: '#ffffff' } }, 'theme.constructor'],
      ['/api/admin/storefront', { notice_bar: { hasOwnProperty: 1 } }, 'notice_bar.hasOwnProperty'],
    ] as const) {
      const res = await api('PATCH', url, body);
      expect([res.statusCode, Object.keys(res.json().errors ?? {})], `${url} ${key}`).toEqual([422, [key]]);
    }
  });

  it('refuses bad values and unknown keys with a message on each', async () => {
    const res = await api('PATCH', '/api/admin/storefront', {
      mode: 'Closed',
      theme: { primary: 'green', shadow: '#000' },
      custom_css: 'body{}</style><script>alert(1)</script>',
      notice_bar: { page_slug: 'no-such-page' },
      page_layout: 'wide',
      is_sticky_header_enabled: 1,
      colour: '#fff',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      mode: ['The mode must be null, "Coming Soon" or "Under Maintenance"'],
      'theme.primary': ['A colour is a hex code such as #1f6f5c'],
      'theme.shadow': ['Unknown setting "shadow"'],
      custom_css: ['Custom CSS may not contain "</style"'],
      page_layout: ['The value must be one of: boxed, full_width'],
      is_sticky_header_enabled: ['The value must be true or false'],
    });
    const unknown = await api('PATCH', '/api/admin/storefront', { colour: '#fff', theme: { shadow: '#000' } });
    expect(unknown.json().errors).toEqual({
      colour: ['Unknown setting "colour"'],
      'theme.shadow': ['Unknown setting "shadow"'],
    });
    const nested = await api('PATCH', '/api/admin/storefront', { theme: { shadow: '#000' } });
    expect(nested.json().errors).toEqual({ 'theme.shadow': ['Unknown setting "shadow"'] });
    const slug = await api('PATCH', '/api/admin/storefront', { notice_bar: { page_slug: 'no-such-page' } });
    expect(slug.json().errors).toEqual({ 'notice_bar.page_slug': ['No page has this slug'] });
    const long = await api('PATCH', '/api/admin/storefront', { custom_css: 'a'.repeat(20_001) });
    expect(long.json().errors).toEqual({ custom_css: ['The value length should not exceed 20000'] });
  });
});

describe('plugins', () => {
  it('lists every plugin of the catalogue with its installed flag and whole config', async () => {
    const res = await api('GET', '/api/admin/plugins');
    const list = res.json().data as { name: string; installed: boolean; config: object; label: string }[];
    expect(list.map((p) => p.name)).toEqual([...PLUGIN_NAMES]);
    expect(list.find((p) => p.name === 'AbandonedCart')).toMatchObject({
      installed: true,
      config: { delay_minutes: 180 },
      label: 'Abandoned cart reminder',
    });
    expect(list.find((p) => p.name === 'GoogleGtag')).toMatchObject({ installed: false, config: {} });
  });

  it('tells which plugins have settings, and which cannot be installed on defaults alone', async () => {
    const list = (await api('GET', '/api/admin/plugins')).json().data as {
      name: string;
      configurable: boolean;
      needs_config: boolean;
    }[];
    const flags = Object.fromEntries(list.map((p) => [p.name, [p.configurable, p.needs_config]]));
    expect(flags).toMatchObject({
      Review: [false, false],
      AbandonedCart: [true, false],
      GoogleGtag: [true, true],
      UmamiAnalytics: [true, true],
      WhatsApp: [true, true],
      TradeEnquiry: [true, false],
      emailSubscription: [true, false],
    });
    // needs_config says what the install answers: {} is refused for exactly those plugins.
    await api('DELETE', '/api/admin/plugins/emailSubscription');
    expect((await api('PUT', '/api/admin/plugins/emailSubscription', {})).statusCode).toBe(200);
    expect((await api('PUT', '/api/admin/plugins/UmamiAnalytics', {})).statusCode).toBe(422);
  });

  it('installs a plugin with defaults filled in; the storefront sees its public keys only', async () => {
    // The demo may have it installed: start from "not installed".
    await api('DELETE', '/api/admin/plugins/TradeEnquiry');
    const res = await api('PUT', '/api/admin/plugins/TradeEnquiry', {
      config: { notify_email: 'Trade@LoomAndLeaf.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Plugin installed',
      data: {
        name: 'TradeEnquiry',
        installed: true,
        config: {
          title: 'Trade enquiry',
          success_message: 'Thank you. Our trade team will reply within two working days.',
          notify_email: 'trade@loomandleaf.example',
        },
      },
    });
    const all = (await t.app.inject({ method: 'GET', url: '/api/plugins/all' })).json().data;
    expect(all.find((p: { module_name: string }) => p.module_name === 'TradeEnquiry')).toEqual({
      module_name: 'TradeEnquiry',
      config: {
        title: 'Trade enquiry',
        success_message: 'Thank you. Our trade team will reply within two working days.',
      },
    });
    const shell = (await initialValues()).plugins;
    expect(JSON.stringify(shell)).not.toContain('trade@loomandleaf.example');

    const again = await api('PUT', '/api/admin/plugins/TradeEnquiry', { config: { title: 'Wholesale' } });
    expect(again.json()).toMatchObject({
      message: 'Plugin configuration saved',
      data: { config: { title: 'Wholesale' } },
    });
    // Only the keys that changed (a dropped key is null); the unchanged success_message is left out.
    expect(await latestAudit('plugin:TradeEnquiry')).toMatchObject({
      action: 'plugin.configure',
      before: { installed: true, config: { title: 'Trade enquiry', notify_email: 'trade@loomandleaf.example' } },
      after: { installed: true, config: { title: 'Wholesale', notify_email: null } },
    });
    const entry = await latestAudit('plugin:TradeEnquiry');
    expect(Object.keys(entry!.after as { config: object }).sort()).toEqual(['config', 'installed']);
    expect(Object.keys((entry!.after as { config: object }).config).sort()).toEqual(['notify_email', 'title']);

    // The same config again changes nothing: no audit entry, updated_at untouched.
    const [rowBefore] = await t.database.db.select().from(plugins).where(eq(plugins.moduleName, 'TradeEnquiry'));
    const entries = await auditCount();
    const same = await api('PUT', '/api/admin/plugins/TradeEnquiry', { config: { title: 'Wholesale' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().message).toBe('Plugin configuration saved');
    expect(await auditCount()).toBe(entries);
    const [rowAfter] = await t.database.db.select().from(plugins).where(eq(plugins.moduleName, 'TradeEnquiry'));
    expect(rowAfter!.updatedAt).toEqual(rowBefore!.updatedAt);
  });

  it('leaves the plugins that run a script to owners: staff get 403 installing, configuring or removing them', async () => {
    const staffMember = await signedInOwner(t, 'manager');
    const asStaff = (method: Method, url: string, payload?: object) =>
      t.app.inject({ method, url, headers: staffMember.headers, ...(payload === undefined ? {} : { payload }) });
    const scriptConfigs: Record<string, object> = {
      GoogleGtag: { google_tag_id: 'G-STAFF123' },
      GoogleTagManager: { code: 'GTM-ABC1234' },
      FacebookPixel: { tag_code: '123456789012345' },
      MicrosoftClarity: { code: 'abcdefghij' },
      UmamiAnalytics: { website_id: '2f3c1c8e-5d3e-4a57-9a6f-3b1e0e6c9a10', script_url: 'https://evil.example/u.js' },
    };
    const list = (await api('GET', '/api/admin/plugins')).json().data as { name: string; runs_script: boolean }[];
    expect(list.filter((p) => p.runs_script).map((p) => p.name)).toEqual(Object.keys(scriptConfigs));
    const entries = await auditCount();
    for (const [name, config] of Object.entries(scriptConfigs)) {
      for (const res of [
        await asStaff('PUT', `/api/admin/plugins/${name}`, { config }),
        await asStaff('DELETE', `/api/admin/plugins/${name}`),
      ]) {
        expect(res.statusCode, name).toBe(403);
        expect(res.json()).toEqual({ status: 'error', message: 'You do not have permission to do this' });
      }
    }
    expect(await auditCount()).toBe(entries);
    const installed = await t.database.db.select().from(plugins).where(eq(plugins.moduleName, 'UmamiAnalytics'));
    expect(installed.filter((r) => r.isInstalled)).toEqual([]);
    // An owner may; staff still may not remove it then.
    const owned = await api('PUT', '/api/admin/plugins/MicrosoftClarity', { config: { code: 'ownerclar1' } });
    expect(owned.statusCode).toBe(200);
    expect((await asStaff('DELETE', '/api/admin/plugins/MicrosoftClarity')).statusCode).toBe(403);
    expect((await api('DELETE', '/api/admin/plugins/MicrosoftClarity')).statusCode).toBe(200);
    // Plugins that run no script stay open to staff; an unknown one is still 404.
    const chat = await asStaff('PUT', '/api/admin/plugins/WhatsApp', { config: { mobile_no: '919876543211' } });
    expect(chat.statusCode).toBe(200);
    expect((await asStaff('PUT', '/api/admin/plugins/NoSuchPlugin', {})).statusCode).toBe(404);
  });

  it('checks the config with the plugin’s schema; unknown plugins answer 404', async () => {
    const bad = await api('PUT', '/api/admin/plugins/GoogleGtag', { config: { google_tag_id: 'UA-1234' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'config.google_tag_id': ['A Google tag ID looks like G-XXXXXXX'] });
    const missing = await api('PUT', '/api/admin/plugins/GoogleGtag', {});
    expect(missing.json().errors).toEqual({ 'config.google_tag_id': ['This field is required'] });
    const extra = await api('PUT', '/api/admin/plugins/GoogleGtag', {
      config: { google_tag_id: 'G-ABC1234', api_secret: 'x' },
    });
    expect(extra.json().errors).toEqual({ 'config.api_secret': ['Unknown setting "api_secret"'] });
    for (const method of ['PUT', 'DELETE'] as const) {
      const unknown = await api(method, '/api/admin/plugins/GoogleAnalyticsClassic', method === 'PUT' ? {} : undefined);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ status: 'error', message: 'Unknown plugin' });
    }
    const [row] = await t.database.db.select().from(plugins).where(eq(plugins.moduleName, 'GoogleGtag'));
    expect(row).toBeUndefined();
  });

  it('removes a plugin (config kept), so the storefront stops seeing it; removing again is 404', async () => {
    await api('PUT', '/api/admin/plugins/WhatsApp', { config: { mobile_no: '919876543210' } });
    const res = await api('DELETE', '/api/admin/plugins/WhatsApp');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Plugin removed',
      data: { installed: false, config: { mobile_no: '919876543210', chat_location: 'Bottom Right' } },
    });
    const all = (await t.app.inject({ method: 'GET', url: '/api/plugins/all' })).json().data;
    expect(all.map((p: { module_name: string }) => p.module_name)).not.toContain('WhatsApp');
    const again = await api('DELETE', '/api/admin/plugins/WhatsApp');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This plugin is not installed');
    expect(await latestAudit('plugin:WhatsApp')).toMatchObject({ action: 'plugin.remove' });
  });
});

describe('mode subscribers', () => {
  it('lists them as JSON and exports them as CSV with a header row, quoting and defusing formulas', async () => {
    await t.database.db.insert(modeSubscribers).values([
      { email: 'asha@example.in', mode: 'Coming Soon', createdAt: new Date('2026-11-20T10:00:00Z') },
      {
        email: '=cmd@example.in',
        mode: 'Under Maintenance',
        createdAt: new Date('2026-11-21T09:30:00Z'),
        notifiedAt: new Date('2026-11-22T08:00:00Z'),
      },
    ]);
    const json = await api('GET', '/api/admin/mode-subscribers');
    expect(json.json().data).toEqual({
      subscribers: [
        { email: 'asha@example.in', mode: 'Coming Soon', created_at: '2026-11-20T10:00:00.000Z', notified_at: null },
        {
          email: '=cmd@example.in',
          mode: 'Under Maintenance',
          created_at: '2026-11-21T09:30:00.000Z',
          notified_at: '2026-11-22T08:00:00.000Z',
        },
      ],
      pagination: { page: 1, per_page: 100, total: 2, last_page: 1 },
    });
    const csv = await api('GET', '/api/admin/mode-subscribers?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe(
      'email,mode,created_at,notified_at\r\n' +
        'asha@example.in,Coming Soon,2026-11-20T10:00:00.000Z,\r\n' +
        "'=cmd@example.in,Under Maintenance,2026-11-21T09:30:00.000Z,2026-11-22T08:00:00.000Z\r\n",
    );
    const bad = await api('GET', '/api/admin/mode-subscribers?format=xlsx');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ format: ['The value must be one of: json, csv'] });
  });

  it('pages the JSON 100 at a time, while the CSV holds everyone', async () => {
    await t.database.db.delete(modeSubscribers);
    await t.database.db.insert(modeSubscribers).values(
      Array.from({ length: 1150 }, (_, i) => ({
        email: `waiting${String(i).padStart(4, '0')}@example.in`,
        mode: 'Coming Soon',
      })),
    );
    const second = (await api('GET', '/api/admin/mode-subscribers?page=2')).json().data;
    expect(second.pagination).toEqual({ page: 2, per_page: 100, total: 1150, last_page: 12 });
    expect(second.subscribers).toHaveLength(100);
    expect(second.subscribers[0].email).toBe('waiting0100@example.in');
    const last = (await api('GET', '/api/admin/mode-subscribers?page=12')).json().data;
    expect(last.subscribers.map((r: { email: string }) => r.email).at(-1)).toBe('waiting1149@example.in');
    expect(last.subscribers).toHaveLength(50);
    const csv = await api('GET', '/api/admin/mode-subscribers?format=csv');
    const lines = csv.body.split('\r\n');
    expect(lines).toHaveLength(1 + 1150 + 1);
    expect(lines[1]).toMatch(/^waiting0000@example\.in,Coming Soon,/);
    expect(lines[1150]).toMatch(/^waiting1149@example\.in,Coming Soon,/);
    expect((await api('GET', '/api/admin/mode-subscribers?page=0')).statusCode).toBe(422);
  });
});

describe('audit log', () => {
  it('answers the changes newest first, 50 a page, with secrets masked', async () => {
    const first = (await api('GET', '/api/admin/audit-log')).json().data;
    expect(first.pagination).toMatchObject({ page: 1, per_page: 50 });
    expect(first.entries.length).toBeGreaterThan(5);
    const times = first.entries.map((e: { created_at: string }) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.entries[0]).toMatchObject({ actor: ownerEmail, action: expect.any(String), ip: expect.any(String) });
    expect(JSON.stringify(first.entries)).not.toMatch(/open-sesame|new-sesame/);
    const far = (await api('GET', `/api/admin/audit-log?page=${first.pagination.last_page + 1}`)).json().data;
    expect(far.entries).toEqual([]);
    expect((await api('GET', '/api/admin/audit-log?page=0')).statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents every owner API route under the admin tag with the auth note', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops: [string, string][] = [
      ['/api/admin/auth/login', 'post'],
      ['/api/admin/auth/logout', 'post'],
      ['/api/admin/auth/me', 'get'],
      ['/api/admin/auth/link-token', 'post'],
      ['/api/admin/auth/password', 'put'],
      ['/api/admin/staff', 'get'],
      ['/api/admin/staff', 'post'],
      ['/api/admin/staff/{id}', 'patch'],
      ['/api/admin/settings', 'get'],
      ['/api/admin/settings', 'patch'],
      ['/api/admin/storefront', 'get'],
      ['/api/admin/storefront', 'patch'],
      ['/api/admin/plugins', 'get'],
      ['/api/admin/plugins/{name}', 'put'],
      ['/api/admin/plugins/{name}', 'delete'],
      ['/api/admin/mode-subscribers', 'get'],
      ['/api/admin/audit-log', 'get'],
    ];
    for (const [path, method] of ops) {
      const op = doc.paths[path]?.[method];
      expect(op?.tags, `${method} ${path}`).toEqual(['admin']);
      if (path !== '/api/admin/auth/login') {
        expect(op.description).toContain('Authorization: Bearer sfs_');
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
      }
    }
  });
});
