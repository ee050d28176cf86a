import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import ece from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, STAFF_ROLES, money, pushMessages, type StaffRoleName } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestOrder } from '../../test/orders.ts';
import { sendStaffAlert } from '../orders/staff-alerts.ts';
import { moveOrder } from '../orders/transition.ts';
import { createStaffMember, signIn } from '../staff/testing.ts';
import { parseEnv } from '../../env.ts';
import { VAPID_SETTING_KEY, vapidKeys } from './vapid.ts';

/**
 * Web Push for staff (issue 25), on PGlite and (TEST_DATABASE_URL) PostgreSQL. A local HTTP
 * server on 127.0.0.1 plays the push service (http:// endpoints on this machine are taken only
 * under NODE_ENV=test); each "browser" is a real P-256 key pair and auth secret, and every push
 * that arrives is decrypted with them as a browser would (http_ece, aes128gcm).
 */
let t: TestApp;
const db = () => t.database.db;

interface Arrived {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let server: Server;
let pushOrigin: string;
const arrived: Arrived[] = [];
/** The status the push service answers, by path (201 when not named). */
const answers = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrived.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url!) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});
beforeEach(() => {
  arrived.length = 0;
  answers.clear();
});

/** A browser's push subscription: its own key pair and auth secret, and an endpoint on the local push service. */
function browser() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  const path = `/push/${randomBytes(8).toString('hex')}`;
  return {
    ecdh,
    path,
    body: { endpoint: `${pushOrigin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    decrypt: (buf: Buffer) =>
      JSON.parse(ece.decrypt(buf, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
  };
}

const member = async (role: StaffRoleName, notify: boolean | null = null) => {
  const m = await createStaffMember(db(), { role });
  if (notify !== null) await queryRows(db(), sql`update staff set notify_orders = ${notify} where id = ${m.id}`);
  return { ...m, headers: await signIn(t, m.email) };
};
const subscribe = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/push/devices', headers, payload });

/** A new order moved to confirmed (which queues its staff alert), and the alert job run. */
async function newOrder() {
  const o = await createTestOrder(db(), { status: 'awaiting_payment', paymentMethod: 'sandbox' });
  await db().transaction((tx) => moveOrder(tx, { orderId: o.id, to: 'confirmed', actor: 'gateway' }));
  await t.app.jobs.runDue();
  return o;
}
const pushesTo = (path: string) => arrived.filter((a) => a.path === path);

describe('who may use the push routes', () => {
  const routes = [
    { method: 'GET', url: '/api/admin/push/key' },
    { method: 'GET', url: '/api/admin/push/devices' },
    { method: 'POST', url: '/api/admin/push/devices' },
    { method: 'DELETE', url: '/api/admin/push/devices/999999' },
  ] as const;

  it('answers 401 without a session', async () => {
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method, url: r.url, ...(r.method === 'POST' ? { payload: {} } : {}) });
      expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 401]);
    }
  });

  for (const role of STAFF_ROLES) {
    it(`lets a ${role} ${role === 'content_editor' ? 'use none of them (403)' : 'use each'}`, async () => {
      const m = await member(role);
      for (const r of routes) {
        const b = browser();
        const res = await t.app.inject({
          method: r.method,
          url: r.url,
          headers: m.headers,
          ...(r.method === 'POST' ? { payload: b.body } : {}),
        });
        const expected = role === 'content_editor' ? 403 : r.method === 'DELETE' ? 404 : 200;
        expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, expected]);
      }
    });
  }

  it('refuses a cookie session write without the CSRF header', async () => {
    const m = await createStaffMember(db(), { role: 'owner' });
    const cookie = await signIn(t, m.email, { session: 'cookie' });
    const { [CSRF_HEADER]: _csrf, ...bare } = cookie;
    const refused = await subscribe(bare, browser().body);
    expect(refused.statusCode).toBe(403);
    expect((await subscribe(cookie, browser().body)).statusCode).toBe(200);
  });
});

describe('the key and the devices', () => {
  it('makes one VAPID key pair, keeps it in the database, and sends only its public half', async () => {
    const m = await member('owner');
    const a = await t.app.inject({ method: 'GET', url: '/api/admin/push/key', headers: m.headers });
    const b = await t.app.inject({ method: 'GET', url: '/api/admin/push/key', headers: m.headers });
    const key = a.json().data.public_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.json().data.public_key).toBe(key);
    const [stored] = await queryRows<{ value: { public_key: string; private_key: string } }>(
      db(),
      sql`select value from store_settings where key = ${VAPID_SETTING_KEY}`,
    );
    expect(stored!.value.public_key).toBe(key);
    expect(a.body).not.toContain(stored!.value.private_key);
  });

  it('takes a key pair from the environment instead (both halves, or the boot stops)', async () => {
    const env = { WEB_PUSH_PUBLIC_KEY: 'B'.repeat(87), WEB_PUSH_PRIVATE_KEY: 'p'.repeat(43) };
    expect(await vapidKeys(db(), parseEnv(env))).toEqual({
      publicKey: env.WEB_PUSH_PUBLIC_KEY,
      privateKey: 'p'.repeat(43),
    });
    expect(() => parseEnv({ WEB_PUSH_PUBLIC_KEY: env.WEB_PUSH_PUBLIC_KEY })).toThrow(
      /WEB_PUSH_PRIVATE_KEY must be set together with the other Web Push key/,
    );
    expect(() => parseEnv({ WEB_PUSH_SUBJECT: 'me@example.com' })).toThrow(/WEB_PUSH_SUBJECT must be mailto:/);
  });

  it('checks the subscription: https:// (or this machine in tests), real keys, sizes', async () => {
    const m = await member('manager');
    const b = browser();
    const bad = [
      { ...b.body, endpoint: 'http://push.example.com/x' },
      { ...b.body, endpoint: 'ftp://push.example.com/x' },
      { ...b.body, endpoint: `https://push.example.com/${'a'.repeat(1000)}` },
      { ...b.body, keys: { ...b.body.keys, p256dh: 'A'.repeat(87) } },
      { ...b.body, keys: { ...b.body.keys, auth: 'short' } },
      { ...b.body, keys: { ...b.body.keys, auth: 'A'.repeat(24) } },
      { ...b.body, extra: 1 },
      { endpoint: b.body.endpoint },
    ];
    for (const payload of bad) {
      const res = await subscribe(m.headers, payload);
      expect([JSON.stringify(payload).slice(0, 80), res.statusCode]).toEqual([
        JSON.stringify(payload).slice(0, 80),
        422,
      ]);
    }
    // Nothing on this machine, the LAN or the cloud's metadata service, whatever the scheme.
    for (const endpoint of [
      'https://localhost/x',
      'https://push.localhost/x',
      'https://10.1.2.3/x',
      'https://192.168.1.1:8443/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://0.0.0.0/x',
    ]) {
      const res = await subscribe(m.headers, { ...b.body, endpoint });
      expect([endpoint, res.statusCode, res.json().errors?.endpoint?.[0]]).toEqual([
        endpoint,
        422,
        pushMessages.endpointNotPublic,
      ]);
    }
    const https = await subscribe(m.headers, { ...b.body, endpoint: 'https://push.example.com/send/abc' });
    expect(https.statusCode).toBe(200);
    expect(https.json().message).toBe(pushMessages.subscribed);
    // PushSubscription.toJSON() as a browser gives it.
    const asJson = await subscribe(m.headers, { ...browser().body, expirationTime: null });
    expect(asJson.statusCode).toBe(200);
  });

  it('keeps one row per endpoint, bound to whoever subscribed last; each member sees and removes only their own', async () => {
    const a = await member('owner');
    const b = await member('packer');
    const device = browser();
    const first = (await subscribe(a.headers, device.body)).json().data;
    const again = (await subscribe(b.headers, device.body)).json().data;
    expect(again.id).toBe(first.id);
    const list = async (h: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/push/devices', headers: h })).json().data.devices as {
        id: number;
      }[];
    expect((await list(a.headers)).map((d) => d.id)).not.toContain(first.id);
    expect((await list(b.headers)).map((d) => d.id)).toContain(first.id);

    const del = (h: Record<string, string>, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/admin/push/devices/${id}`, headers: h });
    expect((await del(a.headers, first.id)).statusCode).toBe(404);
    const gone = await del(b.headers, first.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data.devices.map((d: { id: number }) => d.id)).not.toContain(first.id);
    expect((await del(b.headers, first.id)).statusCode).toBe(404);
    expect((await del(b.headers, 0)).statusCode).toBe(422);
  });
});

describe('pushing order alerts', () => {
  it('pushes a new order to each device of the staff who follow orders, encrypted and signed, once', async () => {
    const owner = await member('owner');
    const packer = await member('packer', true);
    const quiet = await member('manager', false);
    const [o1, o2, p1, q1] = [browser(), browser(), browser(), browser()];
    for (const [m, b] of [
      [owner, o1],
      [owner, o2],
      [packer, p1],
      [quiet, q1],
    ] as const) {
      expect((await subscribe(m.headers, b.body)).statusCode).toBe(200);
    }
    const publicKey = (await t.app.inject({ method: 'GET', url: '/api/admin/push/key', headers: owner.headers })).json()
      .data.public_key;

    const o = await newOrder();
    for (const b of [o1, o2, p1]) expect(pushesTo(b.path)).toHaveLength(1);
    expect(pushesTo(q1.path)).toHaveLength(0);

    const push = pushesTo(o1.path)[0]!;
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '');
    expect(vapid?.[2]).toBe(publicKey);
    const claims = JSON.parse(Buffer.from(vapid![1]!.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.aud).toBe(pushOrigin);
    expect(claims.sub).toMatch(/^(mailto:|https:)/);

    const shown = o1.decrypt(push.body);
    expect(shown).toEqual({
      title: `New order ${o.orderNo}`,
      body: expect.stringContaining(money(o.grandTotalMinor, 'INR').formatted),
      url: `/admin/orders/${encodeURIComponent(o.id)}`,
      tag: `order:${o.id}`,
    });
    expect(p1.decrypt(pushesTo(p1.path)[0]!.body).title).toBe(`New order ${o.orderNo}`);

    // The job again (a retry, a second runner): no device is told twice.
    await sendStaffAlert(t.app, db(), { kind: 'new_order', orderId: o.id, key: `order:${o.id}` });
    await Promise.all([
      sendStaffAlert(t.app, db(), { kind: 'new_order', orderId: o.id, key: `order:${o.id}` }),
      sendStaffAlert(t.app, db(), { kind: 'new_order', orderId: o.id, key: `order:${o.id}` }),
    ]);
    for (const b of [o1, o2, p1]) expect(pushesTo(b.path)).toHaveLength(1);
  });

  it('pushes a refund request with its title and the order page', async () => {
    const owner = await member('owner');
    const b = browser();
    await subscribe(owner.headers, b.body);
    const o = await createTestOrder(db(), { status: 'delivered' });
    await sendStaffAlert(t.app, db(), { kind: 'refund_request', orderId: o.id, key: `refund:test-${o.id}` });
    const [push] = pushesTo(b.path);
    expect(b.decrypt(push!.body)).toMatchObject({
      title: `Refund requested ${o.orderNo}`,
      url: `/admin/orders/${encodeURIComponent(o.id)}`,
    });
  });

  it('drops a subscription the push service says is gone (410, 404)', async () => {
    const owner = await member('owner');
    const [gone, missing, fine] = [browser(), browser(), browser()];
    const ids: number[] = [];
    for (const b of [gone, missing, fine]) ids.push((await subscribe(owner.headers, b.body)).json().data.id);
    answers.set(gone.path, 410);
    answers.set(missing.path, 404);
    await newOrder();
    expect(pushesTo(gone.path)).toHaveLength(1);
    const left = await queryRows<{ id: number }>(
      db(),
      sql`select id from push_subscriptions where id in (${ids[0]}, ${ids[1]}, ${ids[2]}) order by id`,
    );
    expect(left.map((r) => r.id)).toEqual([ids[2]]);
  });

  it('retries a push that failed (5xx) without telling the devices that got it again', async () => {
    const owner = await member('owner');
    const [flaky, fine] = [browser(), browser()];
    for (const b of [flaky, fine]) await subscribe(owner.headers, b.body);
    answers.set(flaky.path, 503);
    const o = await createTestOrder(db(), { status: 'confirmed' });
    const alert = { kind: 'new_order', orderId: o.id, key: `order:retry-${o.id}` } as const;
    await expect(sendStaffAlert(t.app, db(), alert)).rejects.toThrow(/1 of \d+ pushes failed/);
    answers.delete(flaky.path);
    await sendStaffAlert(t.app, db(), alert);
    expect(pushesTo(flaky.path)).toHaveLength(2);
    expect(pushesTo(fine.path)).toHaveLength(1);
    expect(flaky.decrypt(pushesTo(flaky.path)[1]!.body).title).toBe(`New order ${o.orderNo}`);
  });

  it('sends nothing to a stored endpoint that is not on the public internet, and keeps it for a retry', async () => {
    // A row written before the subscribe check, or a name that points somewhere else by now: the
    // address is checked at each send (the local push service is allowed only as 127.0.0.1).
    const owner = await member('owner');
    const fine = browser();
    await subscribe(owner.headers, fine.body);
    const lan = browser();
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`insert into push_subscriptions (staff_id, endpoint, p256dh, auth, label)
          values (${owner.id}, ${'https://10.9.8.7/push/x'}, ${lan.body.keys.p256dh}, ${lan.body.keys.auth}, 'LAN')
          returning id`,
    );
    const o = await createTestOrder(db(), { status: 'confirmed' });
    const alert = { kind: 'new_order', orderId: o.id, key: `order:lan-${o.id}` } as const;
    await expect(sendStaffAlert(t.app, db(), alert)).rejects.toThrow(/10\.9\.8\.7 is not on the public internet/);
    expect(pushesTo(fine.path)).toHaveLength(1);
    const kept = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from push_subscriptions where id = ${row!.id}`,
    );
    expect(kept[0]!.n).toBe(1);
  });
});
