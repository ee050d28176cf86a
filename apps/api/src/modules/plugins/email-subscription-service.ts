import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  EMAIL_SUBSCRIPTION,
  emailSubscriptionMessages,
  type Subscription,
  type SubscriptionSource,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import type { EmailSubscriberStatus } from '../../db/plugin-schema.ts';
import { HttpError } from '../../lib/http.ts';
import { hashToken } from '../../lib/session.ts';
import { hmacBase64url, sameSignature } from '../../lib/signing.ts';
import type { NewMessage } from '../notifications/service.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';
import { shopSecret } from '../../lib/tracking-token.ts';

/**
 * The emailSubscription plugin (spec section 7: POST /api/plugins/emailSubscription/subscribe):
 * a newsletter list with double opt-in.
 *
 * - Signing up stores the address as pending (one row per lower-cased address: a unique index,
 *   so concurrent signups of one address make one row) and e-mails a confirmation link
 *   `/newsletter/confirm/{token}`: 32 random bytes, only their sha-256 is kept, valid 7 days.
 * - A repeat signup answers exactly as the first (nothing tells whether the address was on the
 *   list); for a pending address it re-sends the confirmation at most once per 10 minutes (with
 *   a new token: the newest link is the one that works); a confirmed address gets nothing.
 * - While pending, `updated_at` is when the current token was issued: the link's age and the
 *   re-send pause are both counted from it. Confirming keeps the token's hash and `updated_at`
 *   (`confirmed_at` says when), so the link opened again on another device within its 7 days
 *   answers "already confirmed" instead of "invalid"; unsubscribing drops the hash.
 * - Every e-mail carries `/newsletter/unsubscribe/{token}`: the subscriber's id and an HMAC of it
 *   under the shop secret, so it works without login and never expires; opening it shows the
 *   address (masked) and a button, which unsubscribes.
 */

/** A new confirmation token and the sha-256 the row keeps. */
function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The unsubscribe token of subscriber `id` under `secret` (pure). */
export function unsubscribeTokenOf(secret: Buffer, id: number): string {
  return `${id.toString(36)}.${hmacBase64url(secret, `newsletter-unsubscribe:${id}`)}`;
}

/** The subscriber id an unsubscribe token names, or null when its signature is wrong. */
export function subscriberOfToken(secret: Buffer, token: string): number | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const idPart = token.slice(0, dot);
  if (!/^[0-9a-z]{1,10}$/.test(idPart)) return null;
  const id = parseInt(idPart, 36);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  return sameSignature(token, unsubscribeTokenOf(secret, id)) ? id : null;
}

/** `asha@example.com` → `a•••@example.com`: enough to recognise one's own address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

interface Issued {
  id: number;
  email: string;
  token: string;
}

const issueRow = namedQuery<{ id: number; email: string }>()({
  name: 'plugins.email-subscription.issue',
  columns: ['id', 'email'],
  example: { email: 'e@example.com', hash: 'h', source: 'footer' as SubscriptionSource, ip: null as string | null },
  build: (p: { email: string; hash: string; source: SubscriptionSource; ip: string | null }) =>
    sql`with ins as (
          insert into email_subscribers (email, status, confirm_token_hash, source, ip)
          values (${p.email}, 'pending', ${p.hash}, ${p.source}, ${p.ip})
          on conflict ((lower(email))) do nothing
          returning id, email),
        upd as (
          update email_subscribers s
             set status = 'pending', confirm_token_hash = ${p.hash}, updated_at = now(), unsubscribed_at = null,
                 source = case when s.status = 'unsubscribed' then ${p.source} else s.source end
           where lower(s.email) = lower(${p.email}) and not exists (select 1 from ins)
             and (s.status = 'unsubscribed'
                  or (s.status = 'pending'
                      and s.updated_at <= now() - ${EMAIL_SUBSCRIPTION.resendMinutes} * interval '1 minute'))
          returning s.id, s.email)
        select id, email from ins union all select id, email from upd`,
});

const confirmRow = namedQuery<{ email: string; confirmed_now: boolean }>()({
  name: 'plugins.email-subscription.confirm',
  columns: ['email', 'confirmed_now'],
  example: { tokenHash: 'h' },
  build: ({ tokenHash }: { tokenHash: string }) =>
    sql`with hit as (
          select id, email from email_subscribers
           where confirm_token_hash = ${tokenHash} and status in ('pending', 'confirmed')
             and updated_at > now() - ${EMAIL_SUBSCRIPTION.confirmDays} * interval '1 day'),
        upd as (
          update email_subscribers s set status = 'confirmed', confirmed_at = now()
           where s.id in (select id from hit) and s.status = 'pending'
          returning s.id)
        select hit.email, exists (select 1 from upd) as confirmed_now from hit`,
});

const subscriberById = namedQuery<{ id: number; email: string; status: EmailSubscriberStatus }>()({
  name: 'plugins.email-subscription.by-id',
  columns: ['id', 'email', 'status'],
  example: { id: 1 },
  build: ({ id }: { id: number }) => sql`select id, email, status from email_subscribers where id = ${id}`,
});

const statusOfAddress = namedQuery<{ status: EmailSubscriberStatus }>()({
  name: 'plugins.email-subscription.status',
  columns: ['status'],
  example: { email: 'e@example.com' },
  build: ({ email }: { email: string }) =>
    sql`select status from email_subscribers where lower(email) = lower(${email})`,
});

/** The address's status and the minutes left of its resend pause (at least 1). */
const resendPause = namedQuery<{ status: EmailSubscriberStatus; minutes: number }>()({
  name: 'plugins.email-subscription.resend-pause',
  columns: ['status', 'minutes'],
  example: { email: 'e@example.com' },
  build: ({ email }: { email: string }) =>
    sql`select status,
               greatest(1, ceil(extract(epoch from (updated_at + ${EMAIL_SUBSCRIPTION.resendMinutes} * interval '1 minute' - now())) / 60))::int as minutes
          from email_subscribers where lower(email) = lower(${email})`,
});

/**
 * Adds `email` as pending, or takes a pending one (its last confirmation 10 minutes ago or more)
 * or an unsubscribed one back to pending with a new token; a confirmed or recently mailed address
 * is left alone. One statement. Answers the row to mail, or null when nothing is to be sent.
 */
async function issueConfirmation(
  db: Db,
  email: string,
  source: SubscriptionSource,
  ip: string | null,
): Promise<Issued | null> {
  const { token, hash } = newConfirmToken();
  const [row] = await issueRow(db, { email, hash, source, ip });
  return row ? { ...row, token } : null;
}

/** The confirmation e-mail, with its unsubscribe link. */
function confirmationMessage(to: string, storeName: string, confirmUrl: string, unsubscribeUrl: string): NewMessage {
  return {
    channel: 'email',
    recipient: to,
    subject: `Please confirm your subscription to the ${storeName} newsletter`,
    body:
      `Hello,\n\nSomeone, hopefully you, asked to receive the ${storeName} newsletter at this address. ` +
      `To confirm, open this link (it works for ${EMAIL_SUBSCRIPTION.confirmDays} days):\n\n${confirmUrl}\n\n` +
      `If you did not ask for it, ignore this e-mail: you will not be subscribed.\n\n` +
      `Unsubscribe at any time: ${unsubscribeUrl}\n\n${storeName}`,
  };
}

/**
 * Signs `email` up (double opt-in); queues the confirmation e-mail when one is due, in the same
 * transaction as the row. Answers whether a message was queued (never shown to the client).
 */
export async function subscribe(
  app: FastifyInstance,
  email: string,
  opts: { source: SubscriptionSource; ip: string | null; origin: string },
): Promise<boolean> {
  const db = app.db;
  const [settings, secret] = await Promise.all([getStoreSettings(db, ['store_name']), shopSecret(db)]);
  const storeName = storeNameOf(settings.store_name);
  return db.transaction(async (tx) => {
    const issued = await issueConfirmation(tx, email, opts.source, opts.ip);
    if (!issued) return false;
    const confirmUrl = `${opts.origin}/newsletter/confirm/${issued.token}`;
    const unsubscribeUrl = `${opts.origin}/newsletter/unsubscribe/${unsubscribeTokenOf(secret, issued.id)}`;
    await app.outbox.enqueue(tx, confirmationMessage(issued.email, storeName, confirmUrl, unsubscribeUrl));
    return true;
  });
}

/**
 * Confirms the pending subscription of a confirmation token (within 7 days of its e-mail). The
 * same link again while it is valid (a second device, a second click) finds the row confirmed:
 * `alreadyConfirmed`. 404 for an unknown, replaced or expired token. One statement; of two
 * concurrent confirmations one confirms, the other finds it done.
 */
export async function confirmSubscription(
  db: Db,
  token: string,
): Promise<{ subscription: Subscription; alreadyConfirmed: boolean }> {
  const [row] = await confirmRow(db, { tokenHash: hashToken(token) });
  if (!row) throw new HttpError(404, emailSubscriptionMessages.invalidConfirmLink);
  return { subscription: { email: maskEmail(row.email), status: 'confirmed' }, alreadyConfirmed: !row.confirmed_now };
}

/** The subscriber an unsubscribe token names, or 404. */
async function subscriberOf(
  db: Db,
  token: string,
): Promise<{ id: number; email: string; status: EmailSubscriberStatus }> {
  const id = subscriberOfToken(await shopSecret(db), token);
  const [row] = id === null ? [] : await subscriberById(db, { id });
  if (!row) throw new HttpError(404, emailSubscriptionMessages.invalidUnsubscribeLink);
  return row;
}

/** What an unsubscribe link is about: the masked address and its status. */
export async function unsubscribeInfo(db: Db, token: string): Promise<Subscription> {
  const row = await subscriberOf(db, token);
  return { email: maskEmail(row.email), status: row.status };
}

/** Unsubscribes the subscriber of an unsubscribe token (again: no change). */
export async function unsubscribeByToken(db: Db, token: string): Promise<Subscription> {
  const row = await subscriberOf(db, token);
  await queryRows(
    db,
    sql`update email_subscribers
           set status = 'unsubscribed', unsubscribed_at = now(), confirm_token_hash = null, updated_at = now()
         where id = ${row.id} and status <> 'unsubscribed'`,
  );
  return { email: maskEmail(row.email), status: 'unsubscribed' };
}

/** The subscription of an address (its own, in full: for the signed-in customer). */
export async function subscriptionOf(db: Db, email: string | null): Promise<Subscription> {
  if (!email) return { email: '', status: 'none' };
  const [row] = await statusOfAddress(db, { email });
  return { email, status: row?.status ?? 'none' };
}

/** What subscribing an account's address did: nothing (confirmed), a link sent, or the pause not over. */
export type AccountSubscribeOutcome =
  { kind: 'confirmed' } | { kind: 'sent'; resent: boolean } | { kind: 'wait'; minutes: number };

/**
 * The signed-in customer subscribes their account address (double opt-in) or, while it is
 * pending, asks for the link again: sent at most once per 10 minutes, else `wait` with the
 * minutes left (their own address: telling them is no leak).
 */
export async function subscribeAccount(
  app: FastifyInstance,
  email: string,
  opts: { ip: string | null; origin: string },
): Promise<AccountSubscribeOutcome> {
  const before = await subscriptionOf(app.db, email);
  if (before.status === 'confirmed') return { kind: 'confirmed' };
  if (await subscribe(app, email.toLowerCase(), { source: 'account', ...opts })) {
    return { kind: 'sent', resent: before.status === 'pending' };
  }
  // Not sent: pending within the pause (or confirmed meanwhile, on another device).
  const [row] = await resendPause(app.db, { email });
  if (row?.status === 'confirmed') return { kind: 'confirmed' };
  return { kind: 'wait', minutes: Number(row?.minutes ?? EMAIL_SUBSCRIPTION.resendMinutes) };
}

/** Unsubscribes an address at once (the signed-in customer's own; again: no change). */
export async function unsubscribeEmail(db: Db, email: string): Promise<void> {
  await queryRows(
    db,
    sql`update email_subscribers
           set status = 'unsubscribed', unsubscribed_at = now(), confirm_token_hash = null, updated_at = now()
         where lower(email) = lower(${email}) and status <> 'unsubscribed'`,
  );
}
