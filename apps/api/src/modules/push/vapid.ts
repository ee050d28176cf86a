import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Env } from '../../env.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';

/**
 * The shop's VAPID key pair (Web Push, issue 25): WEB_PUSH_PUBLIC_KEY / WEB_PUSH_PRIVATE_KEY when
 * set, else the `web_push_vapid` store setting, made on first need with an insert that loses
 * gracefully to a concurrent one, so every process sharing the database signs with the same pair
 * (a browser's subscription is bound to the public key it was made with). Like `shop_secret` it
 * is not a public setting; only the public key is ever sent to a browser.
 */
export const VAPID_SETTING_KEY = 'web_push_vapid';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const PUBLIC_RE = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_RE = /^[A-Za-z0-9_-]{43}$/;

const vapidSetting = namedQuery<{ value: { public_key?: unknown; private_key?: unknown } | null }>()({
  name: 'push.vapid-setting',
  columns: ['value'],
  example: {},
  build: () => sql`select value from store_settings where key = ${VAPID_SETTING_KEY}`,
});

// One read per database handle (the app's db).
const cache = new WeakMap<object, Promise<VapidKeys>>();

async function readStoredKeys(db: Db): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  await queryRows(
    db,
    sql`insert into store_settings (key, value)
        values (${VAPID_SETTING_KEY}, ${JSON.stringify({ public_key: fresh.publicKey, private_key: fresh.privateKey })}::jsonb)
        on conflict (key) do nothing`,
  );
  const [row] = await vapidSetting(db, {});
  const publicKey = row?.value?.public_key;
  const privateKey = row?.value?.private_key;
  if (typeof publicKey !== 'string' || !PUBLIC_RE.test(publicKey)) throw new Error(`${VAPID_SETTING_KEY} is broken`);
  if (typeof privateKey !== 'string' || !PRIVATE_RE.test(privateKey)) throw new Error(`${VAPID_SETTING_KEY} is broken`);
  return { publicKey, privateKey };
}

/** The key pair the shop signs its pushes with. */
export function vapidKeys(db: Db, env: Pick<Env, 'WEB_PUSH_PUBLIC_KEY' | 'WEB_PUSH_PRIVATE_KEY'>): Promise<VapidKeys> {
  if (env.WEB_PUSH_PUBLIC_KEY && env.WEB_PUSH_PRIVATE_KEY) {
    return Promise.resolve({ publicKey: env.WEB_PUSH_PUBLIC_KEY, privateKey: env.WEB_PUSH_PRIVATE_KEY });
  }
  let keys = cache.get(db);
  if (!keys) {
    keys = readStoredKeys(db);
    cache.set(db, keys);
    // A failed read is not remembered: the next call tries again.
    keys.catch(() => cache.delete(db));
  }
  return keys;
}

/**
 * Who the push services may contact about the shop's pushes (the VAPID `sub` claim, mailto: or
 * https:): WEB_PUSH_SUBJECT, else PUBLIC_URL when it is https, else MAIL_FROM's address.
 */
export function vapidSubject(env: Pick<Env, 'WEB_PUSH_SUBJECT' | 'PUBLIC_URL' | 'MAIL_FROM'>): string {
  if (env.WEB_PUSH_SUBJECT) return env.WEB_PUSH_SUBJECT;
  if (env.PUBLIC_URL?.startsWith('https://')) return new URL(env.PUBLIC_URL).origin;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return `mailto:${address}`;
}
