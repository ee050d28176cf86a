import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Env } from '../../env.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { resolvePublic, type CheckedAddress } from '../../lib/public-address.ts';
import { vapidKeys, vapidSubject } from './vapid.ts';

/** How long one push service may take to answer before the push counts as failed. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is offline (an order alert is stale after a day). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** What the panel's service worker (apps/admin/public/push-sw.js) shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path on the shop's origin: the page the notification opens. */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}

interface Target {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The subscriptions of the staff `who` names (on `staff`) not pushed alert `alertKey` yet. */
const pushTargets = namedQuery<Target>()({
  name: 'push.targets',
  columns: ['id', 'endpoint', 'p256dh', 'auth'],
  example: { alertKey: 'k', who: sql`staff.is_active` as SQL },
  build: (p: { alertKey: string; who: SQL }) =>
    sql`select p.id, p.endpoint, p.p256dh, p.auth from push_subscriptions p join staff on staff.id = p.staff_id
        where ${p.who} and not exists (select 1 from push_sends s where s.alert_key = ${p.alertKey} and s.subscription_id = p.id)
        order by p.id`,
});

/** One push's outcome: sent, the subscription gone (404/410: removed), or failed (to retry). */
type Outcome = 'sent' | 'gone' | { error: string };

/**
 * Sends `message` to each subscription of the staff `who` selects (a `where` on staff) that has not
 * been sent this `alertKey` yet; runs outside any transaction (a push is a call to the outside
 * world). Each subscription is claimed in push_sends before its push goes out, so concurrent or
 * repeated runs push it at most once; a failed push gives its claim back, and the caller's throw
 * lets the job queue retry it. A crash between claim and send loses that one push (at most once:
 * the e-mail and the panel's badge still tell). Throws when any push failed for a reason other
 * than the subscription being gone.
 */
export async function pushToStaff(
  db: Db,
  env: Env,
  log: FastifyBaseLogger,
  alertKey: string,
  who: SQL,
  message: () => Promise<PushMessage | null>,
): Promise<{ sent: number; gone: number }> {
  const targets = await pushTargets(db, { alertKey, who });
  if (!targets.length) return { sent: 0, gone: 0 };
  const msg = await message();
  if (!msg) return { sent: 0, gone: 0 };
  const keys = await vapidKeys(db, env);
  const vapidDetails = { subject: vapidSubject(env), ...keys };
  const payload = JSON.stringify(msg);

  const outcomes = await Promise.all(
    targets.map(async (target): Promise<Outcome | null> => {
      const [claimed] = await queryRows(
        db,
        sql`insert into push_sends (alert_key, subscription_id) values (${alertKey}, ${target.id})
            on conflict do nothing returning subscription_id as id`,
      );
      if (!claimed) return null;
      const outcome = await pushOne(target, payload, vapidDetails, { allowLoopback: env.NODE_ENV === 'test' });
      if (outcome === 'gone') {
        await queryRows(db, sql`delete from push_subscriptions where id = ${target.id}`);
      } else if (outcome !== 'sent') {
        await queryRows(
          db,
          sql`delete from push_sends where alert_key = ${alertKey} and subscription_id = ${target.id}`,
        );
        log.warn({ subscription: target.id, alertKey, reason: outcome.error }, 'push: a push failed');
      }
      return outcome;
    }),
  );
  const failed = outcomes.filter((o): o is { error: string } => typeof o === 'object' && o !== null);
  if (failed.length) throw new Error(`push: ${failed.length} of ${targets.length} pushes failed: ${failed[0]!.error}`);
  return {
    sent: outcomes.filter((o) => o === 'sent').length,
    gone: outcomes.filter((o) => o === 'gone').length,
  };
}

/**
 * One push, encrypted (aes128gcm) and signed (VAPID) by web-push, sent with a bounded wait. The
 * endpoint came from a browser a staff member signed in on, so it is treated as outside input: its
 * host must resolve to public addresses only (never this machine, the LAN or the cloud's metadata
 * service) and the request goes to the address checked, not through a second lookup.
 */
async function pushOne(
  target: Target,
  payload: string,
  vapidDetails: { subject: string; publicKey: string; privateKey: string },
  { allowLoopback }: { allowLoopback: boolean },
): Promise<Outcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      { vapidDetails, TTL: PUSH_TTL_SECONDS, urgency: 'high', contentEncoding: 'aes128gcm' },
    );
  } catch {
    // Keys nothing can encrypt to (subscribe checks them; a row edited by hand): the device is lost.
    return 'gone';
  }
  const url = new URL(request.endpoint);
  const to = await resolvePublic(url.hostname, { allowLoopback });
  if (!to) return { error: `the push service ${url.hostname} is not on the public internet` };
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
  try {
    const status = await post(url, to, headers, request.body);
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    return { error: `the push service answered ${status}` };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** POSTs `body` to `url` at the checked address (the URL's host kept for TLS and Host); the status, redirects not followed. */
function post(url: URL, to: CheckedAddress, headers: Record<string, string>, body: Buffer | null): Promise<number> {
  const lookup: LookupFunction = (_host, options, done) => {
    if ((options as { all?: boolean }).all) (done as (e: null, a: CheckedAddress[]) => void)(null, [to]);
    else done(null, to.address, to.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: 'POST', headers, lookup, agent: false, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
