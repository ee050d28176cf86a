import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ABANDONED_CART,
  CartSchema,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  RestoreCartBodySchema,
  abandonedCartApi,
  abandonedCartMessages,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { hashToken } from '../../lib/session.ts';
import type { NewMessage } from '../notifications/service.ts';
import { getStoreSettings, storeNameOf } from '../settings/service.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { cartOwnerOf, setCartCookies } from './cart-cookie.ts';
import { cartContextOf, cartExpireDays, loadCart } from './load.ts';
import { capVariantTotals, createCart, lockOwnedCart } from './service.ts';

/**
 * The AbandonedCart plugin (spec section 3 "abandoned-cart token", section 7
 * POST /api/plugins/AbandonedCart). A cart with a contact (e-mail or phone) and marketing consent
 * gets one reminder through the outbox once it has been left alone for the configured delay. The
 * reminder's link carries a token (only its sha-256 is stored, on the cart) that copies the cart's
 * lines into the cart of whichever browser opens it, without taking the cart from the first one.
 *
 * - Scheduling: `scheduleCartReminder` queues an `abandoned-cart-reminder` job (dedupe key: the
 *   cart id) at now + delay; the cart routes call it after a change that may make a cart eligible.
 * - The job decides in one conditional statement: it marks the reminder sent and stores a fresh
 *   token hash only if the cart still qualifies and has been idle for the delay; the message is
 *   queued in the same short transaction. A cart touched since is looked at again when its delay
 *   from that touch has run out. Ordered, merged or emptied carts, withdrawn consent or an
 *   uninstalled plugin: nothing is sent.
 * - Restoring takes, per line, the larger of what the browser's cart has and what the reminded
 *   cart had (capped by the stock and the per-line maximum), so restoring twice never doubles.
 */

export const ABANDONED_CART_JOB = 'abandoned-cart-reminder';

const ReminderPayload = z.object({ cartId: z.string().min(1).max(64) });

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** One reminder about an abandoned cart (AbandonedCart plugin). */
    'abandoned-cart-reminder': z.infer<typeof ReminderPayload>;
  }
}

const { min: MIN_DELAY, max: MAX_DELAY, default: DEFAULT_DELAY } = ABANDONED_CART.delayMinutes;

/**
 * The plugin's config (the plugins row's jsonb). An owner's out-of-range delay is brought into
 * bounds; anything unreadable counts as the default, so a bad config never stops the reminders.
 */
export const AbandonedCartConfigSchema = z
  .object({
    delay_minutes: z
      .number()
      .finite()
      .transform((n) => Math.min(MAX_DELAY, Math.max(MIN_DELAY, Math.round(n))))
      .optional()
      .catch(undefined),
  })
  .catch({});

/** Minutes a cart must be left alone before its reminder, from the plugin's config. */
export function reminderDelayMinutes(config: unknown): number {
  return AbandonedCartConfigSchema.parse(config ?? {}).delay_minutes ?? DEFAULT_DELAY;
}

const installedConfigRow = namedQuery<{ config: unknown }>()({
  name: 'cart.reminder.plugin-config',
  columns: ['config'],
  example: {},
  build: () => sql`select config from plugins where module_name = ${ABANDONED_CART.moduleName} and is_installed`,
});

/** The config of the installed plugin, or null when it is not installed. */
async function installedConfig(db: Db): Promise<unknown> {
  const [row] = await installedConfigRow(db, {});
  return row ? (row.config ?? {}) : null;
}

const pluginInstalled = sql`exists (select 1 from plugins p where p.module_name = ${ABANDONED_CART.moduleName} and p.is_installed)`;

/** A cart (alias `c`) that may be reminded, leaving its idle time aside. */
function remindable(cartId: string): SQL {
  return sql`c.id = ${cartId} and c.status = 'active' and c.marketing_consent
    and (c.email is not null or c.phone is not null) and c.reminder_sent_at is null
    and exists (select 1 from cart_items ci where ci.cart_id = c.id) and ${pluginInstalled}
    and not exists (select 1 from carts o where o.id <> c.id and o.reminder_sent_at > now() - ${RECIPIENT_QUIET}
                      and ((c.email is not null and o.email = c.email) or (c.email is null and o.phone = c.phone)))`;
}

/**
 * One reminder per recipient in this period, whatever the number of carts naming them: the
 * contact is not verified, so anyone could type someone else's address or number (and pay-per-SMS
 * must not be a weapon).
 */
const RECIPIENT_QUIET = sql`interval '7 days'`;

/** The two dedupe keys of a cart's reminder: a run that must look again later queues under the other. */
const reminderKeys = (cartId: string) => [cartId, `${cartId}:again`] as const;

/**
 * Queues the reminder job at `runAt` under the first free key of the cart's two. A job holds its
 * key while it runs, so a run that re-queues gets the other one; when both are taken, a queued
 * job already covers the cart (its handler looks at the cart as it is then).
 */
async function queueReminder(app: FastifyInstance, db: Db, cartId: string, runAt: Date): Promise<boolean> {
  for (const dedupeKey of reminderKeys(cartId)) {
    const id = await app.jobs.enqueue(db, { kind: ABANDONED_CART_JOB, payload: { cartId }, runAt, dedupeKey });
    if (id !== null) return true;
  }
  return false;
}

/** The plugin's config when the cart may get a reminder and none is waiting; no row otherwise. */
const reminderDueConfig = namedQuery<{ config: unknown }>()({
  name: 'cart.reminder.due-config',
  columns: ['config'],
  example: { cartId: 'c_example' },
  build: ({ cartId }: { cartId: string }) => {
    const [key, again] = reminderKeys(cartId);
    return sql`select p.config from plugins p
         where p.module_name = ${ABANDONED_CART.moduleName} and p.is_installed
           and exists (select 1 from carts c where c.id = ${cartId} and c.status = 'active' and c.marketing_consent
                         and (c.email is not null or c.phone is not null) and c.reminder_sent_at is null)
           and not exists (select 1 from jobs j where j.kind = ${ABANDONED_CART_JOB} and j.status = 'pending'
                             and j.dedupe_key in (${key}, ${again}))`;
  },
});

/**
 * Queues the cart's reminder (delay minutes from now) when the plugin is installed and the cart
 * has a contact and consent and has not been reminded; nothing when a reminder is already
 * waiting. Call it after a change that may make the cart eligible (update-contact; add-item may
 * too), with the request's handle or inside its transaction. One indexed statement when nothing
 * is to be queued (the plugin is off, no consent), plus the insert when something is.
 * Answers whether a job was queued.
 */
export async function scheduleCartReminder(app: FastifyInstance, db: Db, cartId: string): Promise<boolean> {
  const [row] = await reminderDueConfig(db, { cartId });
  if (!row) return false;
  const runAt = new Date(Date.now() + reminderDelayMinutes(row.config) * 60_000);
  return queueReminder(app, db, cartId, runAt);
}

/** A new abandoned-cart token (32 random bytes, base64url) and its sha-256, which is all the cart keeps. */
export function newRecoveryToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

interface ReminderLine {
  name: string;
  quantity: number;
}

/** Lines named in the message; the rest are counted. */
const NAMED_LINES = 3;

/** The reminder: an e-mail when the cart has an address, else an SMS. */
function reminderMessage(
  to: { email: string | null; phone: string | null },
  storeName: string,
  lines: ReminderLine[],
  lineCount: number,
  link: string,
): NewMessage | null {
  const more = lineCount - lines.length;
  if (to.email) {
    const list = lines.map((l) => `- ${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`).join('\n');
    return {
      channel: 'email',
      recipient: to.email,
      subject: `You left something in your ${storeName} cart`,
      body:
        `Hello,\n\nYou left ${lineCount === 1 ? 'this' : 'these'} in your cart at ${storeName}:\n\n${list}` +
        `${more > 0 ? `\n- and ${more} more` : ''}\n\n` +
        `Your cart is waiting for you. Open this link to pick up where you left off, on this or any other device ` +
        `(it works for ${ABANDONED_CART.linkDays} days):\n\n${link}\n\n` +
        `You receive this reminder once, because you asked us to remind you about this cart.\n\n${storeName}`,
    };
  }
  if (to.phone) {
    const first = lines[0]?.name ?? 'something';
    return {
      channel: 'sms',
      recipient: to.phone,
      body: `${storeName}: you left ${first}${lineCount > 1 ? ` and ${lineCount - 1} more` : ''} in your cart. Pick up where you left off: ${link}`,
    };
  }
  return null;
}

export type ReminderOutcome = 'sent' | 'requeued' | 'skipped';

/**
 * The reminder job's work for one cart; safe to run any number of times. One conditional
 * statement marks the reminder sent and stores the new token's hash only when the cart is still
 * active, has a line, a contact and consent, was not reminded, the plugin is installed and the
 * cart has been idle for the delay; the message goes into the outbox in the same short
 * transaction. When only the idle time is missing (the shopper came back), the job is queued
 * again for the end of the delay counted from their last change. Otherwise nothing happens.
 */
export async function runCartReminder(app: FastifyInstance, db: Db, cartId: string): Promise<ReminderOutcome> {
  const config = await installedConfig(db);
  if (config === null) return 'skipped';
  const delay = reminderDelayMinutes(config);
  const settings = await getStoreSettings(db, ['store_name', 'store_url']);
  const origin = backgroundLinkOrigin(app.env, settings.store_url);
  // Retried by the runner: the operator may set PUBLIC_URL or store_url meanwhile.
  if (!origin) throw new Error('abandoned cart: no origin for the link; set PUBLIC_URL or the store_url setting');
  const storeName = storeNameOf(settings.store_name);
  const { token, hash } = newRecoveryToken();

  return db.transaction(async (tx): Promise<ReminderOutcome> => {
    const [row] = await sendReminderRow(tx, { cartId, hash, delay });
    if (!row) return 'skipped';
    if (row.sent) {
      const msg = reminderMessage(row, storeName, row.lines ?? [], row.line_count, `${origin}/cart/restore/${token}`);
      if (msg) await app.outbox.enqueue(tx, msg);
      return 'sent';
    }
    if (row.due_ms === null) return 'skipped';
    // The shopper changed the cart since this job was queued: look again when it has been idle long enough.
    await queueReminder(app, tx, cartId, new Date(Math.max(row.due_ms, Date.now() + 1_000)));
    return 'requeued';
  });
}

type ReminderRow = {
  sent: boolean;
  email: string | null;
  phone: string | null;
  lines: ReminderLine[] | null;
  line_count: number;
  due_ms: number | null;
};

/**
 * Marks the cart reminded when it has been idle `delay` minutes and answers what the message
 * names; when it is not (yet), `due_ms` says when it will have been idle long enough (null: never).
 */
const sendReminderRow = namedQuery<ReminderRow>()({
  name: 'cart.reminder.send',
  columns: ['sent', 'email', 'phone', 'lines', 'line_count', 'due_ms'],
  example: { cartId: 'c_example', hash: 'h', delay: 60 },
  build: ({ cartId, hash, delay }: { cartId: string; hash: string; delay: number }) => {
    const idle = sql`${delay} * interval '1 minute'`;
    return sql`with sent as (
            update carts c set reminder_sent_at = now(), recovery_token_hash = ${hash}
             where ${remindable(cartId)} and c.updated_at <= now() - ${idle}
            returning c.id, c.email, c.phone)
          select s.id is not null as sent, s.email, s.phone,
                 (select json_agg(json_build_object('name', l.name, 'quantity', l.quantity) order by l.created_at, l.id)
                    from (select p.name, ci.quantity, ci.created_at, ci.id
                            from cart_items ci join products p on p.id = ci.product_id
                           where ci.cart_id = s.id order by ci.created_at, ci.id limit ${NAMED_LINES}) l) as lines,
                 (select count(*)::int from cart_items ci where ci.cart_id = s.id) as line_count,
                 case when s.id is null then
                   (select extract(epoch from c.updated_at + ${idle}) * 1000 from carts c where ${remindable(cartId)})::float8
                 end as due_ms
            from (select 1) one left join sent s on true`;
  },
});

/**
 * Copies the reminded cart of `token` into the owner's cart (created when the owner has none; a
 * new guest cart's secret is answered as `cookieToken`). Each line takes the larger of the two
 * quantities, capped by the stock and the per-line maximum (never above the stock; a sold-out,
 * unpublished or unavailable line is left out), so restoring again changes nothing; new lines
 * fill the free places up to the line limit, oldest first. E-mail, phone and coupon fill only
 * what the owner's cart lacks; consent is not copied (the reminder was the one). The reminded
 * cart stays as it was, in its own browser. One short transaction.
 */
const remindedCartRow = namedQuery<{ id: string; channel_id: string; status: string }>()({
  name: 'cart.reminder.source',
  columns: ['id', 'channel_id', 'status'],
  example: { hash: 'h' },
  build: ({ hash }: { hash: string }) =>
    sql`select c.id, c.channel_id, c.status from carts c
           where c.recovery_token_hash = ${hash}
             and c.reminder_sent_at > now() - ${ABANDONED_CART.linkDays} * interval '1 day'
             and ${pluginInstalled}`,
});

async function restoreRemindedCart(
  db: Db,
  owner: CartOwner,
  channelId: string,
  token: string,
): Promise<{ cartId: string; cookieToken: string | null }> {
  const hash = hashToken(token);
  return db.transaction(async (tx) => {
    const [source] = await remindedCartRow(tx, { hash });
    if (!source) throw new HttpError(404, abandonedCartMessages.invalidLink);
    if (source.status === 'ordered') throw new HttpError(404, abandonedCartMessages.alreadyOrdered);

    let cookieToken: string | null = null;
    let target = await lockOwnedCart(tx, owner);
    if (!target) ({ cart: target, token: cookieToken } = await createCart(tx, owner, channelId));
    if (target.id === source.id) return { cartId: target.id, cookieToken };

    await queryRows(
      tx,
      sql`with free as (
            select greatest(0, ${MAX_CART_LINES} - count(*))::int as n from cart_items where cart_id = ${target.id}),
          incoming as (
            select g.id, g.product_id, g.variant_id, g.custom_text, g.image_path, g.customisation_key, g.created_at,
                   least(g.quantity, ${MAX_LINE_QUANTITY}, v.stock) as quantity,
                   case when ${source.channel_id} = ${target.channel_id} then g.seen_price_minor
                        else vc.selling_price_minor end as seen_price_minor,
                   exists (select 1 from cart_items m where m.cart_id = ${target.id} and m.variant_id = g.variant_id
                             and m.customisation_key = g.customisation_key) as existing
              from cart_items g
              join variants v on v.id = g.variant_id
              join products p on p.id = g.product_id and p.is_published
              join variant_channels vc on vc.variant_id = v.id and vc.channel_id = ${target.channel_id}
                                      and vc.is_available and vc.selling_price_minor is not null
             where g.cart_id = ${source.id} and v.stock > 0),
          chosen as (
            select * from incoming where existing
            union all
            select * from (select * from incoming where not existing order by created_at, id
                            limit (select n from free)) fresh)
          insert into cart_items as ci (cart_id, product_id, variant_id, quantity, custom_text, image_path, customisation_key, seen_price_minor, created_at)
          select ${target.id}, product_id, variant_id, quantity, custom_text, image_path, customisation_key, seen_price_minor, created_at
            from chosen
          on conflict (cart_id, variant_id, customisation_key) do update
            set quantity = excluded.quantity, updated_at = now()
            where excluded.quantity > ci.quantity`,
    );
    // Lines of one variant from both carts (different customisations) may hold more than 10 together.
    await capVariantTotals(tx, target.id);
    await queryRows(
      tx,
      sql`update carts t set
            coupon_code = coalesce(t.coupon_code, s.coupon_code),
            email = coalesce(t.email, s.email),
            phone = coalesce(t.phone, s.phone)
          from carts s where t.id = ${target.id} and s.id = ${source.id}`,
    );
    return { cartId: target.id, cookieToken };
  });
}

/** Requests to restore a cart per client address. */
export const RESTORE_RATE_LIMIT = { max: 20, timeWindow: '15 minutes' } as const;

/**
 * The AbandonedCart plugin: the reminder job and POST /api/plugins/AbandonedCart. Register it
 * after the jobs and outbox plugins (app.ts: after the cart routes).
 */
export async function abandonedCartPlugin(app: FastifyInstance) {
  const db = app.db;

  app.jobs.register(ABANDONED_CART_JOB, {
    payload: ReminderPayload,
    async handle({ cartId }, ctx) {
      const outcome = await runCartReminder(app, ctx.db, cartId);
      if (outcome !== 'skipped') ctx.log.info({ cartId, outcome }, 'abandoned cart reminder');
    },
  });

  registerEndpoint(
    app,
    abandonedCartApi.restore,
    {
      schemas: { body: RestoreCartBodySchema, data: CartSchema },
      tags: ['cart', 'plugins'],
      summary: `Restore an abandoned cart from the token of its reminder link (/cart/restore/{token}), valid ${ABANDONED_CART.linkDays} days after the reminder: its lines are copied into this browser's cart (the customer's when logged in, else the guest cart of the cookie, created with its cookies when there is none), each line the larger of the two quantities, capped by the stock and ${MAX_LINE_QUANTITY} per line, so restoring twice changes nothing. The reminded cart stays where it was. Answers the cart, priced. 404 for an unknown or expired token, an ordered cart or when the AbandonedCart plugin is not installed; ${RESTORE_RATE_LIMIT.max} requests per ${RESTORE_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 409, 422, 429],
      config: { rateLimit: RESTORE_RATE_LIMIT },
    },
    async (req, reply) => {
      const owner = await cartOwnerOf(req);
      const shop = await req.shop();
      const { cartId, cookieToken } = await restoreRemindedCart(db, owner, shop.channelId, req.body.token);
      if (cookieToken || !req.cookies.api_cart) {
        setCartCookies(app, req, reply, await cartExpireDays(db), cookieToken);
      }
      const cart = await loadCart(db, cartId, cartContextOf(app.env));
      if (!cart) throw new HttpError(409, 'Your cart has changed. Please reload it and try again');
      return ok(cart, abandonedCartMessages.restored);
    },
  );
}
