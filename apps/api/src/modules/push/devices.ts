import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { pushMessages, type PushDevice, type PushSubscribeBody } from '@shopfront/shared';
import type { Env } from '../../env.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import { isPublicAddress } from '../../lib/public-address.ts';
import { describeDevice } from '../auth/device.ts';

/** Devices one member may have on at once; subscribing another drops their oldest. */
export const PUSH_DEVICES_PER_MEMBER = 20;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The push service address a subscription may name: https:// only, since the shop POSTs to it.
 * Only the API's own tests (NODE_ENV=test) may name an http:// address on this machine, where a
 * local server plays the push service.
 */
export function assertPushEndpoint(endpoint: string, env: Pick<Env, 'NODE_ENV'>): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw fieldError('endpoint', pushMessages.endpoint);
  }
  const loopbackInTest = env.NODE_ENV === 'test' && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if ((url.protocol !== 'https:' && !loopbackInTest) || url.username || url.password) {
    throw fieldError('endpoint', pushMessages.endpoint);
  }
  // An address on this machine or its network is refused at once; a name is resolved at each
  // send instead (modules/push/send.ts), since what it points to can change.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host));
  if (local && !loopbackInTest) throw fieldError('endpoint', pushMessages.endpointNotPublic);
}

/** The browser's keys: a point on P-256 (65 bytes, uncompressed) and a 16-byte auth secret. */
export function assertPushKeys(keys: PushSubscribeBody['keys']): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  let onCurve = point.length === 65 && point[0] === 4;
  if (onCurve) {
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(point);
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve) throw fieldError('keys.p256dh', pushMessages.keys);
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw fieldError('keys.auth', pushMessages.keys);
}

interface DeviceRow {
  id: number;
  label: string;
  endpoint: string;
  created_at: Date | string;
}
const devicesOf = namedQuery<DeviceRow>()({
  name: 'push.devices',
  columns: ['id', 'label', 'endpoint', 'created_at'],
  example: { staffId: 'stf_example' },
  build: ({ staffId }: { staffId: string }) =>
    sql`select id, label, endpoint, created_at from push_subscriptions where staff_id = ${staffId}
        order by created_at desc, id desc`,
});

/** The browser's subscription, inserted or taken over by the member signed in there now. */
const upsertDevice = namedQuery<DeviceRow>()({
  name: 'push.devices.upsert',
  columns: ['id', 'label', 'endpoint', 'created_at'],
  example: { staffId: 'stf_example', endpoint: 'https://push.example/x', p256dh: 'k', auth: 'a', label: 'l' },
  build: (p: { staffId: string; endpoint: string; p256dh: string; auth: string; label: string }) =>
    sql`insert into push_subscriptions (staff_id, endpoint, p256dh, auth, label)
        values (${p.staffId}, ${p.endpoint}, ${p.p256dh}, ${p.auth}, ${p.label})
        on conflict (endpoint) do update set staff_id = excluded.staff_id, p256dh = excluded.p256dh,
          auth = excluded.auth, label = excluded.label
        returning id, label, endpoint, created_at`,
});

const toDevice = (r: DeviceRow): PushDevice => ({
  id: r.id,
  label: r.label,
  endpoint: r.endpoint,
  created_at: new Date(r.created_at).toISOString(),
});

/** The member's devices with notifications on, newest first. */
export async function listDevices(db: Db, staffId: string): Promise<PushDevice[]> {
  const rows = await devicesOf(db, { staffId });
  return rows.map(toDevice);
}

/**
 * Turns notifications on for a browser: one row per endpoint, so the same browser again updates
 * its keys and binds it to the member signed in there now (another member's sign-in on a shared
 * device takes it over). One statement each, no read-then-write.
 */
export async function subscribeDevice(
  db: Db,
  env: Pick<Env, 'NODE_ENV'>,
  staffId: string,
  body: PushSubscribeBody,
  userAgent: string | undefined,
): Promise<PushDevice> {
  assertPushEndpoint(body.endpoint, env);
  assertPushKeys(body.keys);
  const label = (body.label?.trim() || describeDevice(userAgent)).slice(0, 120);
  const [row] = await upsertDevice(db, {
    staffId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label,
  });
  await queryRows(
    db,
    sql`delete from push_subscriptions where staff_id = ${staffId} and id not in (
          select id from push_subscriptions where staff_id = ${staffId}
          order by created_at desc, id desc limit ${PUSH_DEVICES_PER_MEMBER})`,
  );
  return toDevice(row!);
}

/** Turns one of the member's own devices off (404 for one not theirs or gone); answers those left. */
export async function unsubscribeDevice(db: Db, staffId: string, id: number): Promise<PushDevice[]> {
  const gone = await queryRows(
    db,
    sql`delete from push_subscriptions where id = ${id} and staff_id = ${staffId} returning id`,
  );
  if (!gone.length) throw new HttpError(404, pushMessages.notFound);
  return listDevices(db, staffId);
}
