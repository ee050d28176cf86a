import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNEL_ID } from '../../db/seed/demo-data.ts';
import { modeSubscribers } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  // A real socket: the CLI is a separate process talking HTTP, as against a running shop.
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run shop -- …` as a child process, started as the npm script starts it: scripts/api-tool.mjs
 * runs the compiled apps/api/dist/shop.js when it is as new as the sources (after `npm run build`,
 * as `npm test` does first: a tenth of a second of CPU), else scripts/shop.ts through tsx (seconds).
 */
function shop(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/api-tool.mjs', 'shop', ...args],
      { cwd: repoRoot, env: { PATH: process.env.PATH ?? '', SHOP_URL: url, ...env }, timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

// Each CLI call is a process of its own (through tsx, without a fresh build: seconds of CPU
// apiece), and a test makes up to four: 30 s was too tight on a loaded 2-core machine.
describe('npm run shop', { timeout: 60_000 }, () => {
  let token: string;
  const as = (args: string[]) => shop(args, { SHOP_TOKEN: token });

  it('prints its help, and refuses to work without a token', async () => {
    const help = await shop(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run shop -- [--url URL] <command>');
    expect(help.stdout).toContain('plugins install NAME [key=value …]');
    expect(help.stdout).not.toContain('--password');
    const anonymous = await shop(['settings', 'get']);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toContain('Not signed in');
  });

  it('prints a group’s usage for a group without its subcommand, and for an unknown subcommand', async () => {
    for (const group of ['settings', 'storefront', 'plugins', 'channels', 'staff', 'subscribers']) {
      const res = await shop([group]);
      expect(res.code, group).toBe(0);
      expect(res.stdout).toContain(`usage: npm run shop -- ${group} <subcommand>`);
      const lines = res.stdout.split('\n').filter((l) => /^ {2}\S/.test(l));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.startsWith(`  ${group} `)).toBe(true);
    }
    const plugins = await shop(['plugins']);
    expect(plugins.stdout).toContain('plugins install NAME [key=value …]');
    expect(plugins.stdout).toContain('keys given are merged into its current (or kept) config');
    const unknown = await shop(['plugins', 'upgrade'], { SHOP_TOKEN: 'x' });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command: plugins upgrade');
    expect(unknown.stderr).toContain('plugins remove NAME');
  });

  it('takes secrets from the environment or the terminal, never from argv, and warns where they could leak', async () => {
    const argPassword = await shop(['login', '--email', 'owner@example.com', '--password', 'Loom&Leaf-Owner-2026']);
    expect(argPassword.code).toBe(1);
    expect(argPassword.stderr).toContain('--password is not accepted');
    // No terminal to ask on, and no SHOP_PASSWORD.
    const noPassword = await shop(['login', '--email', 'owner@example.com']);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('No password given: set SHOP_PASSWORD');

    const argToken = await shop(['--token', 'sfs_nothing', 'whoami']);
    expect(argToken.stderr).toContain('Warning: --token shows in the process list');
    // A token for a shop on another host over plain http (0.0.0.0 is not a loopback name; nothing listens there).
    const remote = await shop(['whoami'], { SHOP_URL: 'http://0.0.0.0:9', SHOP_TOKEN: 'sfs_nothing' });
    expect(remote.stderr).toContain('Warning: sending the staff token to http://0.0.0.0:9 over plain http');
    const local = await shop(['whoami'], { SHOP_TOKEN: 'sfs_nothing' });
    expect(local.stderr).not.toContain('Warning');
  });

  it('signs in, with the server’s message and exit 1 for a wrong password', async () => {
    const wrong = await shop(['login', '--email', 'owner@example.com'], { SHOP_PASSWORD: 'not-it-at-all' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Error: These credentials do not match our records');
    const res = await shop(['login', '--email', 'owner@example.com'], { SHOP_PASSWORD: 'Loom&Leaf-Owner-2026' });
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('Signed in as Meera Iyer <owner@example.com> (owner)');
    const match = /^export SHOP_TOKEN=(sfs_[A-Za-z0-9_-]{43})\n$/.exec(res.stdout);
    expect(match).not.toBeNull();
    token = match![1]!;
  });

  it('sets and gets store settings (JSON values parsed, text otherwise), showing field errors', async () => {
    const set = await as(['settings', 'set', 'store_name=Loom & Leaf Outlet', 'cart_expire_days=21', 'twitter=null']);
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('Store settings saved');
    expect(JSON.parse(set.stdout)).toEqual({ store_name: 'Loom & Leaf Outlet', cart_expire_days: 21, twitter: null });
    const get = await as(['settings', 'get', 'store_name']);
    expect(get.stdout).toBe('Loom & Leaf Outlet\n');
    const initial = (await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' })).json().data;
    expect(initial.settings).toMatchObject({ store_name: 'Loom & Leaf Outlet', cart_expire_days: 21 });

    const bad = await as(['settings', 'set', 'cart_expire_days=0', 'store_nmae=x']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Error: The given data was invalid.');
    expect(bad.stderr).toContain('store_nmae: Unknown setting "store_nmae"');
  });

  it('switches the shop to services and back with settings set store_mode', async () => {
    const mode = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/storefront/initial-values' })).json().data.settings.store_mode;
    const on = await as(['settings', 'set', 'store_mode=services']);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.stdout)).toEqual({ store_mode: 'services' });
    expect(await mode()).toBe('services');
    const bad = await as(['settings', 'set', 'store_mode=parcels']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('store_mode: The value must be one of: products, services');
    expect((await as(['settings', 'set', 'store_mode=products'])).code).toBe(0);
    expect(await mode()).toBe('products');
  });

  it('installs a plugin with key=value config, and lists it as installed', async () => {
    const res = await as(['plugins', 'install', 'GoogleGtag', 'google_tag_id=G-LOOM2026']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('Plugin installed');
    expect(JSON.parse(res.stdout)).toEqual({
      name: 'GoogleGtag',
      installed: true,
      config: { google_tag_id: 'G-LOOM2026' },
    });
    const list = await as(['plugins', 'list']);
    expect(list.stdout).toMatch(/\[installed\] GoogleGtag\s+Google Analytics/);
    const all = (await t.app.inject({ method: 'GET', url: '/api/plugins/all' })).json().data;
    expect(all).toContainEqual({ module_name: 'GoogleGtag', config: { google_tag_id: 'G-LOOM2026' } });

    const unknown = await as(['plugins', 'install', 'NoSuchPlugin']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Error: Unknown plugin');
  });

  it('merges `plugins install NAME k=v` into the current config, and into the kept one after a remove', async () => {
    const first = await as(['plugins', 'install', 'WhatsApp', 'mobile_no="919876543210"', 'default_message=Hello!']);
    expect(first.code).toBe(0);
    const moved = await as(['plugins', 'install', 'WhatsApp', 'chat_location=Bottom Left']);
    expect(moved.code).toBe(0);
    expect(moved.stderr).toContain('Plugin configuration saved');
    expect(JSON.parse(moved.stdout).config).toMatchObject({
      mobile_no: '919876543210',
      default_message: 'Hello!',
      chat_location: 'Bottom Left',
    });
    expect((await as(['plugins', 'remove', 'WhatsApp'])).code).toBe(0);
    const back = await as(['plugins', 'install', 'WhatsApp']);
    expect(back.stderr).toContain('Plugin installed');
    expect(JSON.parse(back.stdout).config).toMatchObject({ mobile_no: '919876543210', chat_location: 'Bottom Left' });
  });

  it('changes the storefront mode and exports the subscribers as CSV', async () => {
    const closed = await as(['storefront', 'set', 'mode=Coming Soon', 'theme.primary=#2d6a4f']);
    expect(closed.code).toBe(0);
    expect(JSON.parse(closed.stdout)).toMatchObject({ mode: 'Coming Soon', theme: { primary: '#2d6a4f' } });
    await t.database.db.insert(modeSubscribers).values([
      { email: 'kavya@example.in', mode: 'Coming Soon', createdAt: new Date('2026-11-24T06:00:00Z') },
      { email: 'arjun, jr@example.in', mode: 'Coming Soon', createdAt: new Date('2026-11-24T07:00:00Z') },
    ]);
    const csv = await as(['subscribers', 'export']);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(
      'email,mode,created_at,notified_at\r\n' +
        'kavya@example.in,Coming Soon,2026-11-24T06:00:00.000Z,\r\n' +
        '"arjun, jr@example.in",Coming Soon,2026-11-24T07:00:00.000Z,\r\n',
    );
    const json = await as(['subscribers', 'export', '--format', 'json']);
    expect(JSON.parse(json.stdout).map((r: { email: string }) => r.email)).toEqual([
      'kavya@example.in',
      'arjun, jr@example.in',
    ]);
    // An error answer comes through the contract's envelope, as for every other command.
    const refused = await shop(['subscribers', 'export'], { SHOP_TOKEN: 'sfs_nothing' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Error: Please sign in as staff to use the owner API');
    const open = await as(['storefront', 'set', 'mode=null']);
    expect(JSON.parse(open.stdout).mode).toBeNull();

    const audit = await as(['audit']);
    const actions = (JSON.parse(audit.stdout).entries as { action: string; actor: string }[]).map((e) => e.action);
    expect(actions.slice(0, 4)).toEqual(['storefront.update', 'storefront.update', 'plugin.install', 'plugin.remove']);
    // The panel's filters: by area (and staff, days) through the same query.
    const plugins = await as(['audit', '--area', 'plugins']);
    const pluginActions = (JSON.parse(plugins.stdout).entries as { action: string }[]).map((e) => e.action);
    expect(pluginActions.slice(0, 2)).toEqual(['plugin.install', 'plugin.remove']);
    expect(pluginActions.every((a) => a.startsWith('plugin.'))).toBe(true);
  });

  it('adds, lists, renames and deletes a channel; a refused delete prints the reason', async () => {
    const added = await as(['channels', 'add', 'name=Gulf Wholesale', 'currency_code=AED', 'country=AE']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('Channel added');
    expect(JSON.parse(added.stdout)).toMatchObject({ id: 'ch_gulf_wholesale', currency_code: 'AED', can_delete: true });
    const list = await as(['channels', 'list']);
    expect(list.stdout).toMatch(/^ch_gulf_wholesale +Gulf Wholesale +AED AE +0 priced, 0 orders, 0 carts$/m);
    expect(list.stdout).toMatch(new RegExp(`^${DEMO_CHANNEL_ID} .*\\[storefront, default\\]$`, 'm'));
    expect(list.stderr).toContain('AE (AED)');

    // set keeps the keys not given: only the name changes.
    const renamed = await as(['channels', 'set', 'ch_gulf_wholesale', 'name=Gulf Trade']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(JSON.parse(renamed.stdout)).toMatchObject({
      name: 'Gulf Trade',
      currency_code: 'AED',
      country: { iso2: 'AE' },
    });
    const badCurrency = await as(['channels', 'set', 'ch_gulf_wholesale', 'currency_code=aed']);
    expect(badCurrency.code).toBe(1);
    expect(badCurrency.stderr).toContain('currency_code: Enter the currency’s three-letter code in capitals, like AED');
    const unknown = await as(['channels', 'set', 'ch_nowhere', 'name=X']);
    expect([unknown.code, unknown.stderr.split('\n')[0]]).toEqual([
      1,
      'No channel has the id "ch_nowhere" (see `channels list`)',
    ]);

    const storefront = await as(['channels', 'remove', DEMO_CHANNEL_ID]);
    expect(storefront.code).toBe(1);
    expect(storefront.stderr).toContain('Error: This is your storefront’s own channel: it cannot be deleted');
    const removed = await as(['channels', 'remove', 'ch_gulf_wholesale']);
    expect([removed.code, removed.stderr.trim()]).toEqual([0, 'Channel deleted']);
    expect((await as(['channels', 'list'])).stdout).not.toContain('ch_gulf_wholesale');
  });
});
