import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_CART, MAX_LINE_QUANTITY, abandonedCartMessages, type Cart } from '@shopfront/shared';
import { queryRows } from '../../db/client.ts';
import { hashToken } from '../../lib/session.ts';
import { cartOf, qtyOf, testBrowser, type TestBrowser } from '../../test/browser.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_PASSWORD, addressSource, createCustomer, uniqueEmail, uniquePhone } from '../../test/auth.ts';
import { outboxTo } from '../../test/outbox.ts';
import {
  ABANDONED_CART_JOB,
  RESTORE_RATE_LIMIT,
  newRecoveryToken,
  reminderDelayMinutes,
  runCartReminder,
  scheduleCartReminder,
} from './abandoned-cart.ts';

let t: TestApp;
/** Variants in stock (≥ 20), published and available, with their product's name. */
let v: { id: string; name: string }[];
const nextAddress = addressSource(191);
const RESTORE = '/api/plugins/AbandonedCart';

const db = () => t.database.db;

async function setPlugin(installed: boolean, config: Record<string, unknown> = { delay_minutes: 180 }) {
  await queryRows(
    db(),
    sql`insert into plugins (module_name, config, is_installed) values ('AbandonedCart', ${JSON.stringify(config)}::jsonb, ${installed})
        on conflict (module_name) do update set config = excluded.config, is_installed = excluded.is_installed`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  v = await queryRows(
    db(),
    sql`select v.id, p.name from variants v join variant_channels vc on vc.variant_id = v.id and vc.is_available
          and vc.channel_id = (select channel_id from storefronts where is_default)
          join products p on p.id = v.product_id and p.is_published
         where v.stock >= 20 order by v.id limit 8`,
  );
  expect(v.length).toBe(8);
  await setPlugin(true);
});
afterAll(() => t.close());
afterEach(() => setPlugin(true));

const browser = (cookie?: string) => testBrowser(t.app, { ip: nextAddress(), ...(cookie ? { cookie } : {}) });
type Browser = TestBrowser;
const qty = qtyOf;

/** A guest cart with `lines` ([variant index, quantity]) and the contact given, consenting by default. */
async function abandonedCart(
  lines: [number, number][],
  contact: { email?: string; phone?: string; marketing_consent?: boolean } = { email: uniqueEmail() },
) {
  const b = browser();
  let cart!: Cart;
  for (const [i, quantity] of lines) {
    const res = await b.call('POST', '/api/cart/add-item', { product_id: v[i]!.id, quantity });
    expect(res.statusCode).toBe(200);
    cart = cartOf(res);
  }
  const res = await b.call('PUT', '/api/cart/update-contact', { marketing_consent: true, ...contact });
  expect(res.statusCode).toBe(200);
  const cartId = cart.cart_session!;
  // What the update-contact route does after saving the contact (once wired there, this finds the
  // job already queued and adds nothing).
  await scheduleCartReminder(t.app, db(), cartId);
  return { b, cartId, recipient: contact.email ?? contact.phone! };
}

const pendingJobs = (cartId: string) =>
  queryRows<{ id: number; dedupe_key: string; run_at: Date }>(
    db(),
    sql`select id, dedupe_key, run_at from jobs
         where kind = ${ABANDONED_CART_JOB} and status = 'pending' and payload->>'cartId' = ${cartId}`,
  );

/** The shopper left `minutes` ago and the reminder job is due now. */
async function leave(cartId: string, minutes = 181) {
  await queryRows(
    db(),
    sql`update carts set updated_at = now() - ${minutes} * interval '1 minute' where id = ${cartId}`,
  );
  await queryRows(
    db(),
    sql`update jobs set run_at = now() where kind = ${ABANDONED_CART_JOB} and status = 'pending' and payload->>'cartId' = ${cartId}`,
  );
}

const reminderOf = async (cartId: string) => {
  const [row] = await queryRows<{ reminder_sent_at: Date | null; recovery_token_hash: string | null }>(
    db(),
    sql`select reminder_sent_at, recovery_token_hash from carts where id = ${cartId}`,
  );
  return row!;
};

const tokenIn = (body: string) => /\/cart\/restore\/([A-Za-z0-9_-]{43})(?:\s|$)/.exec(body)?.[1] ?? null;

/** A cart reminded by e-mail: its token from the message. */
async function remindedCart(lines: [number, number][]) {
  const c = await abandonedCart(lines);
  await leave(c.cartId);
  await t.app.jobs.runDue();
  const [msg] = await outboxTo(db(), c.recipient);
  const token = tokenIn(msg!.body);
  expect(token).not.toBeNull();
  return { ...c, token: token! };
}

describe('config', () => {
  it('delay_minutes defaults to 180 and is kept within 15..10080', () => {
    expect(reminderDelayMinutes({})).toBe(180);
    expect(reminderDelayMinutes(null)).toBe(180);
    expect(reminderDelayMinutes({ delay_minutes: 60 })).toBe(60);
    expect(reminderDelayMinutes({ delay_minutes: 1 })).toBe(ABANDONED_CART.delayMinutes.min);
    expect(reminderDelayMinutes({ delay_minutes: 1e9 })).toBe(ABANDONED_CART.delayMinutes.max);
    expect(reminderDelayMinutes({ delay_minutes: 'soon' })).toBe(180);
    expect(reminderDelayMinutes('not an object')).toBe(180);
  });
});

describe('scheduling', () => {
  it('update-contact with a contact and consent queues one reminder, delay minutes from now, keyed by the cart', async () => {
    const b = browser();
    const cart = cartOf(await b.call('POST', '/api/cart/add-item', { product_id: v[0]!.id, quantity: 1 }));
    await b.call('PUT', '/api/cart/update-contact', { email: uniqueEmail(), marketing_consent: true });
    const jobs = await pendingJobs(cart.cart_session!);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.dedupe_key).toBe(cart.cart_session);
    const minutes = (new Date(jobs[0]!.run_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(178);
    expect(minutes).toBeLessThan(181);
  });

  it('queues nothing more while one waits, and nothing without consent or with the plugin off', async () => {
    const { cartId } = await abandonedCart([[0, 1]]);
    expect(await scheduleCartReminder(t.app, db(), cartId)).toBe(false);
    expect(await pendingJobs(cartId)).toHaveLength(1);

    const noConsent = await abandonedCart([[0, 1]], { email: uniqueEmail(), marketing_consent: false });
    expect(await pendingJobs(noConsent.cartId)).toHaveLength(0);

    await setPlugin(false);
    const off = await abandonedCart([[0, 1]]);
    expect(await pendingJobs(off.cartId)).toHaveLength(0);
  });

  it('honours the configured delay', async () => {
    await setPlugin(true, { delay_minutes: 30 });
    const { cartId, recipient } = await abandonedCart([[0, 1]]);
    const [job] = await pendingJobs(cartId);
    const minutes = (new Date(job!.run_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThan(31);
    await leave(cartId, 20);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    await leave(cartId, 31);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(1);
  });
});

describe('the reminder', () => {
  it('is sent once after the delay: an e-mail naming the lines with a link whose token the cart keeps hashed', async () => {
    const { cartId, recipient } = await abandonedCart([
      [0, 2],
      [1, 1],
    ]);
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await outboxTo(db(), recipient)).toHaveLength(0);

    await leave(cartId);
    await t.app.jobs.runDue();
    const msgs = await outboxTo(db(), recipient);
    expect(msgs).toHaveLength(1);
    const msg = msgs[0]!;
    expect(msg.channel).toBe('email');
    expect(msg.subject).toMatch(/^You left something in your .+ cart$/);
    expect(msg.body).toContain(`${v[0]!.name} × 2`);
    expect(msg.body).toContain(v[1]!.name);
    const token = tokenIn(msg.body)!;
    expect(msg.body).toContain(`http://localhost:3000/cart/restore/${token}`);
    const row = await reminderOf(cartId);
    expect(row.reminder_sent_at).not.toBeNull();
    expect(row.recovery_token_hash).toBe(hashToken(token));
    expect(await pendingJobs(cartId)).toHaveLength(0);

    // At least once: the job again, or another one for the same cart, sends nothing more.
    expect(await runCartReminder(t.app, db(), cartId)).toBe('skipped');
    await t.app.jobs.enqueue(db(), { kind: ABANDONED_CART_JOB, payload: { cartId }, dedupeKey: `${cartId}:test` });
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(1);
    expect((await reminderOf(cartId)).recovery_token_hash).toBe(hashToken(token));
    // Once reminded, the cart is not scheduled again.
    expect(await scheduleCartReminder(t.app, db(), cartId)).toBe(false);
  });

  it('goes by SMS when the cart has only a phone', async () => {
    const phone = uniquePhone();
    const { cartId } = await abandonedCart(
      [
        [2, 1],
        [3, 1],
      ],
      { phone },
    );
    await leave(cartId);
    await t.app.jobs.runDue();
    const [msg, ...rest] = await outboxTo(db(), phone);
    expect(rest).toHaveLength(0);
    expect(msg!.channel).toBe('sms');
    expect(msg!.body).toContain(`${v[2]!.name} and 1 more`);
    expect(tokenIn(msg!.body)).not.toBeNull();
  });

  it('waits when the shopper was active since: queued again for delay minutes after their last change', async () => {
    const { cartId, recipient } = await abandonedCart([[0, 1]]);
    // The job comes due, but the shopper changed the cart an hour ago.
    await leave(cartId, 60);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    const jobs = await pendingJobs(cartId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.dedupe_key).toBe(`${cartId}:again`);
    const minutes = (new Date(jobs[0]!.run_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(118);
    expect(minutes).toBeLessThan(121);
    // Scheduling again (another update-contact) keeps that one job.
    expect(await scheduleCartReminder(t.app, db(), cartId)).toBe(false);
    expect(await pendingJobs(cartId)).toHaveLength(1);

    await leave(cartId);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(1);
    expect(await pendingJobs(cartId)).toHaveLength(0);
  });

  it('is not sent for an ordered cart', async () => {
    const { cartId, recipient } = await abandonedCart([[0, 1]]);
    await queryRows(db(), sql`update carts set status = 'ordered' where id = ${cartId}`);
    await leave(cartId);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    expect((await reminderOf(cartId)).reminder_sent_at).toBeNull();
    expect(await pendingJobs(cartId)).toHaveLength(0);
  });

  it("is not sent for a guest cart merged into a customer's at login", async () => {
    const { b, cartId, recipient } = await abandonedCart([[0, 1]]);
    const customer = await createCustomer(db());
    // The customer already has a cart (another device), so the guest cart is merged into it.
    const other = browser();
    expect(
      (await other.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    await other.call('POST', '/api/cart/add-item', { product_id: v[1]!.id, quantity: 1 });
    expect(
      (await b.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const [row] = await queryRows<{ status: string }>(db(), sql`select status from carts where id = ${cartId}`);
    expect(row!.status).toBe('merged');
    await leave(cartId);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    expect((await reminderOf(cartId)).reminder_sent_at).toBeNull();
  });

  it('is not sent for an emptied cart', async () => {
    const { b, cartId, recipient } = await abandonedCart([[0, 1]]);
    expect((await b.call('DELETE', '/api/cart/remove-item', { product_id: v[0]!.id })).statusCode).toBe(200);
    await leave(cartId);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    expect((await reminderOf(cartId)).reminder_sent_at).toBeNull();
  });

  it('goes to one recipient at most once a week, however many carts name them (the contact is not verified)', async () => {
    const victim = uniqueEmail();
    const carts = [];
    for (let i = 0; i < 4; i++) carts.push(await abandonedCart([[0, 1]], { email: victim }));
    for (const c of carts) await leave(c.cartId);
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), victim)).toHaveLength(1);
    expect(await pendingJobs(carts[3]!.cartId)).toEqual([]);
  });

  it('is not sent once consent is withdrawn', async () => {
    const { b, cartId, recipient } = await abandonedCart([[0, 1]]);
    expect((await b.call('PUT', '/api/cart/update-contact', { marketing_consent: false })).statusCode).toBe(200);
    await leave(cartId);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    expect((await reminderOf(cartId)).reminder_sent_at).toBeNull();
  });

  it('is not sent while the plugin is not installed', async () => {
    const { cartId, recipient } = await abandonedCart([[0, 1]]);
    await setPlugin(false);
    await leave(cartId);
    await t.app.jobs.runDue();
    expect(await outboxTo(db(), recipient)).toHaveLength(0);
    expect((await reminderOf(cartId)).reminder_sent_at).toBeNull();
  });
});

describe('POST /api/plugins/AbandonedCart', () => {
  const restore = (b: Browser, token: string) => b.call('POST', RESTORE, { token });

  it("copies the lines into a fresh browser's new guest cart, with its cookies; the first browser keeps its cart", async () => {
    const { b, cartId, token } = await remindedCart([
      [0, 2],
      [1, 1],
    ]);
    const phone = browser();
    const res = await restore(phone, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(abandonedCartMessages.restored);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const restored = cartOf(res);
    expect(restored.cart_session).not.toBe(cartId);
    expect(qty(restored, v[0]!.id)).toBe(2);
    expect(qty(restored, v[1]!.id)).toBe(1);
    expect(phone.jar.has('cart_session')).toBe(true);
    expect(phone.jar.get('api_cart')).toBe('1');
    expect(cartOf(await phone.call('GET', '/api/cart/get')).cart_session).toBe(restored.cart_session);

    // Again: nothing doubles.
    const again = cartOf(await restore(phone, token));
    expect(again.cart_session).toBe(restored.cart_session);
    expect(qty(again, v[0]!.id)).toBe(2);
    expect(qty(again, v[1]!.id)).toBe(1);

    const first = cartOf(await b.call('GET', '/api/cart/get'));
    expect(first.cart_session).toBe(cartId);
    expect(qty(first, v[0]!.id)).toBe(2);
    // The browser that was reminded may open the link too: its own cart, unchanged.
    const own = cartOf(await restore(b, token));
    expect(own.cart_session).toBe(cartId);
    expect(qty(own, v[0]!.id)).toBe(2);
  });

  it("merges into a logged-in customer's cart: each line the larger quantity, never added up", async () => {
    const { token, recipient } = await remindedCart([
      [0, 2],
      [1, 3],
    ]);
    const customer = await createCustomer(db());
    const laptop = browser();
    await laptop.call('POST', '/api/auth/login', { email: customer.email, password: TEST_PASSWORD });
    await laptop.call('POST', '/api/cart/add-item', { product_id: v[0]!.id, quantity: 5 });
    await laptop.call('POST', '/api/cart/add-item', { product_id: v[4]!.id, quantity: 1 });
    const before = cartOf(await laptop.call('GET', '/api/cart/get'));

    const res = await restore(laptop, token);
    expect(res.statusCode).toBe(200);
    const mine = cartOf(res);
    expect(mine).toMatchObject({ customer_id: customer.id, cart_session: before.cart_session });
    expect(qty(mine, v[0]!.id)).toBe(5);
    expect(qty(mine, v[1]!.id)).toBe(3);
    expect(qty(mine, v[4]!.id)).toBe(1);
    // The contact fills what the customer's cart lacked; the consent (one reminder) is not copied.
    expect(mine.email).toBe(recipient);
    expect(mine.marketing_consent).toBe(false);
    expect(laptop.jar.has('cart_session')).toBe(false);

    const twice = cartOf(await restore(laptop, token));
    expect(twice.items.map((i) => [i.product_id, i.quantity])).toEqual(
      mine.items.map((i) => [i.product_id, i.quantity]),
    );
  });

  it('never copies more than the stock, nor a sold-out line', async () => {
    const { token } = await remindedCart([
      [5, MAX_LINE_QUANTITY],
      [6, 2],
    ]);
    const [saved] = await queryRows<{ a: number; b: number }>(
      db(),
      sql`select (select stock from variants where id = ${v[5]!.id}) as a, (select stock from variants where id = ${v[6]!.id}) as b`,
    );
    try {
      await queryRows(db(), sql`update variants set stock = 3 where id = ${v[5]!.id}`);
      await queryRows(db(), sql`update variants set stock = 0 where id = ${v[6]!.id}`);
      const cart = cartOf(await restore(browser(), token));
      expect(qty(cart, v[5]!.id)).toBe(3);
      expect(cart.items.some((i) => i.product_id === v[6]!.id)).toBe(false);
    } finally {
      await queryRows(db(), sql`update variants set stock = ${saved!.a} where id = ${v[5]!.id}`);
      await queryRows(db(), sql`update variants set stock = ${saved!.b} where id = ${v[6]!.id}`);
    }
  });

  it('answers 404 with a clear message for an unknown, expired or ordered cart, or with the plugin off', async () => {
    const expectGone = async (token: string, message: string) => {
      const res = await restore(browser(), token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 'error', message });
    };
    await expectGone(newRecoveryToken().token, abandonedCartMessages.invalidLink);
    await expectGone('not a token', abandonedCartMessages.invalidLink);
    const empty = await restore(browser(), '');
    expect(empty.statusCode).toBe(422);

    const expired = await remindedCart([[0, 1]]);
    await queryRows(
      db(),
      sql`update carts set reminder_sent_at = now() - ${ABANDONED_CART.linkDays} * interval '1 day' - interval '1 minute'
           where id = ${expired.cartId}`,
    );
    await expectGone(expired.token, abandonedCartMessages.invalidLink);

    const ordered = await remindedCart([[0, 1]]);
    await queryRows(db(), sql`update carts set status = 'ordered' where id = ${ordered.cartId}`);
    await expectGone(ordered.token, abandonedCartMessages.alreadyOrdered);

    const live = await remindedCart([[0, 1]]);
    await setPlugin(false);
    await expectGone(live.token, abandonedCartMessages.invalidLink);
    await setPlugin(true);
    expect((await restore(browser(), live.token)).statusCode).toBe(200);
  });

  it(`is rate-limited per address (${RESTORE_RATE_LIMIT.max} per ${RESTORE_RATE_LIMIT.timeWindow})`, async () => {
    const b = browser();
    const token = newRecoveryToken().token;
    for (let i = 0; i < RESTORE_RATE_LIMIT.max; i++) expect((await restore(b, token)).statusCode).toBe(404);
    expect((await restore(b, token)).statusCode).toBe(429);
  });
});
