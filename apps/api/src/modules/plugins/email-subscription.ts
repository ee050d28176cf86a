import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountSubscriptionBodySchema,
  EMAIL_SUBSCRIPTION,
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionSchema,
  SubscriptionTokenBodySchema,
  SubscriptionTokenParamsSchema,
  emailSubscriptionApi,
  emailSubscriptionMessages,
  type Subscription,
  type SubscriptionSource,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import type { EmailSubscriberStatus } from '../../db/plugin-schema.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { messageLinkOrigin } from '../../lib/origin.ts';
import { hashToken, requireCustomer } from '../../lib/session.ts';
import { hmacBase64url, sameSignature } from '../../lib/signing.ts';
import type { NewMessage } from '../notifications/service.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';
import { shopSecret } from '../tracking/token.ts';
import { requirePlugin } from './installed.ts';

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
 *   re-send pause are both counted from it.
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
  const [row] = await queryRows<{ id: number; email: string }>(
    db,
    sql`with ins as (
          insert into email_subscribers (email, status, confirm_token_hash, source, ip)
          values (${email}, 'pending', ${hash}, ${source}, ${ip})
          on conflict ((lower(email))) do nothing
          returning id, email),
        upd as (
          update email_subscribers s
             set status = 'pending', confirm_token_hash = ${hash}, updated_at = now(), unsubscribed_at = null,
                 source = case when s.status = 'unsubscribed' then ${source} else s.source end
           where lower(s.email) = lower(${email}) and not exists (select 1 from ins)
             and (s.status = 'unsubscribed'
                  or (s.status = 'pending'
                      and s.updated_at <= now() - ${EMAIL_SUBSCRIPTION.resendMinutes} * interval '1 minute'))
          returning s.id, s.email)
        select id, email from ins union all select id, email from upd`,
  );
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
  const sent = await db.transaction(async (tx) => {
    const issued = await issueConfirmation(tx, email, opts.source, opts.ip);
    if (!issued) return false;
    const confirmUrl = `${opts.origin}/newsletter/confirm/${issued.token}`;
    const unsubscribeUrl = `${opts.origin}/newsletter/unsubscribe/${unsubscribeTokenOf(secret, issued.id)}`;
    await app.outbox.enqueue(tx, confirmationMessage(issued.email, storeName, confirmUrl, unsubscribeUrl));
    return true;
  });
  if (sent) app.outbox.kick();
  return sent;
}

/** Confirms the pending subscription of a confirmation token (once, within 7 days); 404 otherwise. */
export async function confirmSubscription(db: Db, token: string): Promise<Subscription> {
  const [row] = await queryRows<{ email: string }>(
    db,
    sql`update email_subscribers
           set status = 'confirmed', confirmed_at = now(), confirm_token_hash = null, updated_at = now()
         where confirm_token_hash = ${hashToken(token)} and status = 'pending'
           and updated_at > now() - ${EMAIL_SUBSCRIPTION.confirmDays} * interval '1 day'
        returning email`,
  );
  if (!row) throw new HttpError(404, emailSubscriptionMessages.invalidConfirmLink);
  return { email: maskEmail(row.email), status: 'confirmed' };
}

/** The subscriber an unsubscribe token names, or 404. */
async function subscriberOf(
  db: Db,
  token: string,
): Promise<{ id: number; email: string; status: EmailSubscriberStatus }> {
  const id = subscriberOfToken(await shopSecret(db), token);
  const [row] =
    id === null
      ? []
      : await queryRows<{ id: number; email: string; status: EmailSubscriberStatus }>(
          db,
          sql`select id, email, status from email_subscribers where id = ${id}`,
        );
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
async function subscriptionOf(db: Db, email: string | null): Promise<Subscription> {
  if (!email) return { email: '', status: 'none' };
  const [row] = await queryRows<{ status: EmailSubscriberStatus }>(
    db,
    sql`select status from email_subscribers where lower(email) = lower(${email})`,
  );
  return { email, status: row?.status ?? 'none' };
}

/** Signups per client address. */
export const SUBSCRIBE_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;
/** Link follows (confirm, unsubscribe) per client address. */
export const LINK_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

const originOf = (app: FastifyInstance, req: FastifyRequest) => messageLinkOrigin(app, req);

/** The emailSubscription routes: subscribe, confirm, unsubscribe, and the signed-in customer's own. */
export async function emailSubscriptionRoutes(app: FastifyInstance) {
  const db = app.db;
  const plugin = () => requirePlugin(db, 'emailSubscription');

  registerEndpoint(
    app,
    emailSubscriptionApi.subscribe,
    {
      schemas: { body: SubscribeBodySchema, data: SubscribeResultSchema },
      tags: ['plugins'],
      summary: `emailSubscription: signs an address up with double opt-in. It is stored as pending and a confirmation link (/newsletter/confirm/{token}, ${EMAIL_SUBSCRIPTION.confirmDays} days) is e-mailed; every e-mail has an unsubscribe link. The answer is the same whether the address is new, pending or confirmed: a pending one gets the confirmation again at most once per ${EMAIL_SUBSCRIPTION.resendMinutes} minutes, a confirmed one nothing. 404 when the plugin is not installed; ${SUBSCRIBE_RATE_LIMIT.max} per ${SUBSCRIBE_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      const { email, source } = req.body;
      await subscribe(app, email, { source, ip: req.ip ?? null, origin: await originOf(app, req) });
      return ok({ email }, emailSubscriptionMessages.checkInbox);
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.confirm,
    {
      schemas: { body: SubscriptionTokenBodySchema, data: SubscriptionSchema },
      tags: ['plugins'],
      summary: `emailSubscription: confirms the subscription of a confirmation link's token, once, within ${EMAIL_SUBSCRIPTION.confirmDays} days of the e-mail. 404 for an unknown, used or expired token or when the plugin is not installed; ${LINK_RATE_LIMIT.max} per ${LINK_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: LINK_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      return ok(await confirmSubscription(db, req.body.token), emailSubscriptionMessages.confirmed);
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.unsubscribeInfo,
    {
      schemas: { params: SubscriptionTokenParamsSchema, data: SubscriptionSchema },
      tags: ['plugins'],
      summary: `emailSubscription: the address (masked) and status an unsubscribe link is about. 404 for a token whose signature is wrong or when the plugin is not installed; ${LINK_RATE_LIMIT.max} per ${LINK_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: LINK_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      return ok(await unsubscribeInfo(db, req.params.token));
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.unsubscribe,
    {
      schemas: { body: SubscriptionTokenBodySchema, data: SubscriptionSchema },
      tags: ['plugins'],
      summary: `emailSubscription: unsubscribes the address of an unsubscribe link's signed token (no login; again: no change). 404 for a wrong signature or when the plugin is not installed; ${LINK_RATE_LIMIT.max} per ${LINK_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: LINK_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      return ok(await unsubscribeByToken(db, req.body.token), emailSubscriptionMessages.unsubscribed);
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.me,
    {
      schemas: { data: SubscriptionSchema },
      tags: ['plugins', 'account'],
      summary:
        "emailSubscription: the signed-in customer's newsletter status for their account e-mail (none, pending, confirmed, unsubscribed). 401 when not logged in; 404 when the plugin is not installed",
      errors: [401, 404],
    },
    async (req) => {
      await plugin();
      const customer = await requireCustomer(req);
      return ok(await subscriptionOf(db, customer.email));
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.updateMe,
    {
      schemas: { body: AccountSubscriptionBodySchema, data: SubscriptionSchema },
      tags: ['plugins', 'account'],
      summary: `emailSubscription: the signed-in customer subscribes their account e-mail (double opt-in: a confirmation link is e-mailed, at most once per ${EMAIL_SUBSCRIPTION.resendMinutes} minutes) or unsubscribes it at once. 401 when not logged in; 422 when the account has no e-mail; 404 when the plugin is not installed; ${SUBSCRIBE_RATE_LIMIT.max} per ${SUBSCRIBE_RATE_LIMIT.timeWindow} per address`,
      errors: [401, 404, 422, 429],
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      const customer = await requireCustomer(req);
      if (!customer.email) throw new HttpError(422, emailSubscriptionMessages.noEmail);
      if (req.body.subscribed) {
        const current = await subscriptionOf(db, customer.email);
        if (current.status === 'confirmed') return ok(current);
        await subscribe(app, customer.email.toLowerCase(), {
          source: 'account',
          ip: req.ip ?? null,
          origin: await originOf(app, req),
        });
        return ok(await subscriptionOf(db, customer.email), emailSubscriptionMessages.accountSubscribed);
      }
      await queryRows(
        db,
        sql`update email_subscribers
               set status = 'unsubscribed', unsubscribed_at = now(), confirm_token_hash = null, updated_at = now()
             where lower(email) = lower(${customer.email}) and status <> 'unsubscribed'`,
      );
      return ok(await subscriptionOf(db, customer.email), emailSubscriptionMessages.accountUnsubscribed);
    },
  );
}
