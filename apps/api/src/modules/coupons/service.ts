import { and, count, eq, isNull, or, lt, sql, type SQL } from 'drizzle-orm';
import {
  allocateMinor,
  cartMessages,
  channelMessages,
  money,
  percentOf,
  sumMinor,
  type CouponOffer,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { READ_MODEL_CHANNEL } from '../catalog/summary.ts';
import { textArray } from '../../db/sql-array.ts';
import { timeZoneOf } from '../../lib/time-zone.ts';

export interface CouponLine {
  lineId: string;
  productId: string;
  /** Unit price × quantity, before any discount. */
  lineTotalMinor: number;
}

export interface CouponContext {
  /** null: a guest. */
  customerId: number | null;
  /** The cart's currency (for messages). */
  currency: string;
  lines: CouponLine[];
  /** Σ lineTotalMinor. */
  subtotalMinor: number;
  /** Words for what is bought when it is not a cart (a service's fee, ADR 37); the cart's by default. */
  wording?: {
    notApplicable: string;
    /** `minimum`: the coupon's minimum amount, formatted. */
    minimum: (minimum: string) => string;
  };
}

export type CouponVerdict =
  | {
      ok: true;
      coupon: { id: number; code: string; description: string };
      discountMinor: number;
      /** Per lineId (every line of the context, 0 for lines the coupon does not cover); adds up to discountMinor. */
      allocation: Map<string, number>;
    }
  | { ok: false; /** The normalised code; null when no such coupon exists. */ code: string | null; message: string };

/** Codes are stored upper-case (a check constraint keeps them so): typed codes are compared the same way. */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

/** What one query knows about a coupon and this cart; judged by `judge` without further reads. */
interface CouponFacts {
  id: number;
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  value: number;
  min_subtotal_minor: number;
  max_discount_minor: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  /** Listed in the shop (a secret code is one the shop hands out). */
  is_visible: boolean;
  not_started: boolean;
  expired: boolean;
  used_up: boolean;
  first_order_only: boolean;
  per_customer_limit: number | null;
  /** null for a guest (or an unknown customer id). */
  orders_count: number | null;
  used_by_customer: number;
  /** Limited to products or categories. */
  limited: boolean;
  /** Product ids of the cart's lines that the coupon covers (only read when `limited`). */
  matching_product_ids: string[];
  /** The cart is in the currency of the primary channel, the one coupon amounts are written in (ADR 0027). */
  currency_ok: boolean;
  /** The primary channel's country (ISO 3166-1): its time zone says when a coupon starts. */
  shop_country: string | null;
}

/**
 * Coupons matching `filter` with everything the rules need for this cart, in one statement:
 * time window (the database clock), usage, the customer's order count and redemptions, and which
 * of the cart's products are covered by the coupon's products or categories (subcategories
 * included, through a recursive walk down `parent_id`; `union` stops on a cycle).
 */
type FactsParams = { filter: SQL; ctx: Pick<CouponContext, 'customerId' | 'currency' | 'lines'> };

/** The richest shape: a customer, and products to match. */
const FACTS_EXAMPLE: FactsParams = {
  filter: sql`code = ${'SAVE10'} and is_active`,
  ctx: { customerId: 1, currency: 'INR', lines: [{ lineId: '1', productId: 'p_example', lineTotalMinor: 100 }] },
};

const loadCouponFacts = namedQuery<CouponFacts>()({
  name: 'coupons.facts',
  columns: [
    'id',
    'code',
    'description',
    'kind',
    'value',
    'min_subtotal_minor',
    'max_discount_minor',
    'starts_at',
    'ends_at',
    'is_visible',
    'not_started',
    'expired',
    'used_up',
    'first_order_only',
    'per_customer_limit',
    'orders_count',
    'used_by_customer',
    'limited',
    'matching_product_ids',
    'currency_ok',
    'shop_country',
  ],
  example: FACTS_EXAMPLE,
  build: ({ filter, ctx }: FactsParams) => {
    const productIds = [...new Set(ctx.lines.map((l) => l.productId))];
    const ids = productIds.length ? textArray(productIds) : sql`'{}'::text[]`;
    const customer = ctx.customerId;
    return sql`with recursive c as (
          select * from coupons where ${filter}
        ),
        scope(coupon_id, category_id) as (
          select cc.coupon_id, cc.category_id from coupon_categories cc join c on c.id = cc.coupon_id
          union
          select s.coupon_id, ch.id from categories ch join scope s on ch.parent_id = s.category_id
        )
        select c.id, c.code, c.description, c.kind, c.value, c.min_subtotal_minor, c.max_discount_minor,
          c.starts_at, c.ends_at, c.is_visible, coalesce(c.starts_at > now(), false) as not_started,
          coalesce(c.ends_at <= now(), false) as expired,
          (c.usage_limit is not null and c.used_count >= c.usage_limit) as used_up,
          c.first_order_only, c.per_customer_limit,
          ${customer === null ? sql`null::int` : sql`(select cu.orders_count from customers cu where cu.id = ${customer})`} as orders_count,
          ${
            customer === null
              ? sql`0`
              : sql`(select count(*)::int from coupon_redemptions r
                      where r.coupon_id = c.id and r.customer_id = ${customer} and r.released_at is null)`
          } as used_by_customer,
          (exists (select 1 from coupon_products cp where cp.coupon_id = c.id)
            or exists (select 1 from coupon_categories cc where cc.coupon_id = c.id)) as limited,
          array(
            select u.id from unnest(${ids}) as u(id)
             where exists (select 1 from coupon_products cp where cp.coupon_id = c.id and cp.product_id = u.id)
                or exists (select 1 from product_categories pc join scope s on s.category_id = pc.category_id
                            where s.coupon_id = c.id and pc.product_id = u.id)
          ) as matching_product_ids,
          ${ctx.currency}::text = (select ch.currency_code from channels ch where ch.id = ${READ_MODEL_CHANNEL}) as currency_ok,
          (select co.iso2 from channels ch join countries co on co.id = ch.country_id
            where ch.id = ${READ_MODEL_CHANNEL}) as shop_country
        from c
        order by c.id`;
  },
});

/** "12 March 2027" in the shop's time zone, with "at 6:00 pm" when the moment is not midnight there. */
export function shopMoment(at: Date | string, shopCountry: string | null): string {
  const timeZone = timeZoneOf(shopCountry);
  const d = new Date(at);
  const day = d.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  // One plain space whatever the ICU version puts there (newer ones a narrow no-break space).
  const time = d
    .toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone })
    .replace(/\s+/g, ' ');
  return time === '12:00 am' ? day : `${day} at ${time}`;
}

/**
 * The rules, in the order their messages are given: a shopper sees the first one that fails.
 * Pure: every fact was read by `loadCouponFacts`.
 */
function judge(f: CouponFacts, ctx: CouponContext): CouponVerdict {
  const refuse = (message: string): CouponVerdict => ({ ok: false, code: f.code, message });
  // A secret code that has not started yet is not named: its start day would tell a guesser a
  // code that will work. Expired or used up is said for secret codes too (tries are limited per
  // address, and such a code gives no discount).
  if (f.not_started && f.starts_at !== null) {
    if (!f.is_visible) return { ok: false, code: null, message: cartMessages.couponUnknown };
    return refuse(cartMessages.couponStartsOn(shopMoment(f.starts_at, f.shop_country)));
  }
  if (f.expired) return refuse(cartMessages.couponExpired);
  if (f.used_up) return refuse(cartMessages.couponUsedUp);
  // Amounts are minor units of the primary channel's currency: in another one only a plain percentage makes sense.
  if (!f.currency_ok && (f.kind === 'fixed' || f.min_subtotal_minor > 0 || f.max_discount_minor !== null)) {
    return refuse(channelMessages.couponCurrency);
  }
  const needsAccount = f.first_order_only || f.per_customer_limit !== null;
  if (needsAccount && (ctx.customerId === null || f.orders_count === null)) return refuse(cartMessages.couponLogin);
  if (f.first_order_only && (f.orders_count ?? 0) > 0) return refuse(cartMessages.couponFirstOrder);
  if (f.per_customer_limit !== null && f.used_by_customer >= f.per_customer_limit)
    return refuse(cartMessages.couponUsedByYou);

  const covered = new Set(f.matching_product_ids);
  const eligible = f.limited ? ctx.lines.filter((l) => covered.has(l.productId)) : ctx.lines;
  if (eligible.length === 0) return refuse(ctx.wording?.notApplicable ?? cartMessages.couponNotApplicable);
  // Σ of the lines themselves (equal to ctx.subtotalMinor when nothing limits the coupon), so the
  // allocation below always has the weights the discount was computed from.
  const eligibleSubtotal = sumMinor(eligible.map((l) => l.lineTotalMinor));
  if (eligibleSubtotal < f.min_subtotal_minor) {
    return refuse(
      ctx.wording
        ? ctx.wording.minimum(money(f.min_subtotal_minor, ctx.currency).formatted)
        : cartMessages.couponMinimum(money(f.min_subtotal_minor - eligibleSubtotal, ctx.currency).formatted),
    );
  }

  let discount = f.kind === 'percent' ? percentOf(eligibleSubtotal, f.value) : f.value;
  if (f.max_discount_minor !== null) discount = Math.min(discount, f.max_discount_minor);
  // Never more than the covered items cost: a ₹500 voucher on a ₹300 cart makes it free, not negative.
  discount = Math.max(0, Math.min(discount, eligibleSubtotal));

  const weights = eligible.map((l) => Math.max(0, l.lineTotalMinor));
  const shares = discount > 0 ? allocateMinor(discount, weights) : weights.map(() => 0);
  const allocation = new Map<string, number>(ctx.lines.map((l) => [l.lineId, 0]));
  eligible.forEach((l, i) => allocation.set(l.lineId, (allocation.get(l.lineId) ?? 0) + shares[i]!));
  return {
    ok: true,
    coupon: { id: f.id, code: f.code, description: f.description },
    discountMinor: discount,
    allocation,
  };
}

/** Normalises (trim, upper-case) and checks every rule in a fixed order, in one query. */
export async function evaluateCoupon(db: Db, code: string, ctx: CouponContext): Promise<CouponVerdict> {
  const normalised = normaliseCouponCode(code);
  if (!normalised) return { ok: false, code: null, message: cartMessages.couponUnknown };
  const [facts] = await loadCouponFacts(db, { filter: sql`code = ${normalised} and is_active`, ctx });
  if (!facts) return { ok: false, code: null, message: cartMessages.couponUnknown };
  return judge(facts, ctx);
}

const isoOrNull = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * Visible coupons a shopper could use now (active, started, not expired, not used up) for GET
 * /api/cart/coupons/get, each with whether it applies to this cart and, if not, why. Applicable
 * ones first. A coupon nobody can use any more is not an offer, so used-up ones are left out.
 */
export async function listCouponOffers(db: Db, ctx: CouponContext): Promise<CouponOffer[]> {
  const rows = await loadCouponFacts(db, {
    filter: sql`is_visible and is_active
        and (starts_at is null or starts_at <= now())
        and (ends_at is null or ends_at > now())
        and (usage_limit is null or used_count < usage_limit)`,
    ctx,
  });
  const offers = rows.map((f) => {
    const verdict = judge(f, ctx);
    return {
      code: f.code,
      description: f.description,
      applicable: verdict.ok,
      reason: verdict.ok ? null : verdict.message,
      ends_at: isoOrNull(f.ends_at),
    };
  });
  // Stable: applicable first, each group in the order the shop created them.
  return [...offers.filter((o) => o.applicable), ...offers.filter((o) => !o.applicable)];
}

/** Thrown inside the savepoint to undo a use that went over a limit. */
class CouponRefused extends Error {}

/**
 * For place-order, inside its transaction (READ COMMITTED, the default): counts one use of the
 * coupon and records the redemption under `orderRef`. Answers false (and writes nothing) when the
 * usage limit or the customer's limit is reached; true otherwise, also for an orderRef already
 * recorded (a retried order counts once). Never read-then-write:
 *  1. insert the redemption, `on conflict (order_ref) do nothing`: a retry stops here;
 *  2. `used_count = used_count + 1 where usage_limit is null or used_count < usage_limit`: the
 *     conditional update is the total limit, and its row lock queues every other use of this coupon;
 *  3. holding that lock, count the customer's redemptions not given back (a new statement sees
 *     every use committed before ours, plus ours); over the limit rolls the savepoint back.
 * A guest cannot use a coupon with a per-customer limit (evaluateCoupon asks them to log in).
 */
export async function recordCouponUse(
  tx: Db,
  input: { couponId: number; customerId: number | null; orderRef: string },
): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      const inserted = await sp
        .insert(couponRedemptions)
        .values({ couponId: input.couponId, customerId: input.customerId, orderRef: input.orderRef })
        .onConflictDoNothing({ target: couponRedemptions.orderRef })
        .returning({ id: couponRedemptions.id });
      if (inserted.length === 0) return true;

      const [counted] = await sp
        .update(coupons)
        .set({ usedCount: sql`${coupons.usedCount} + 1` })
        .where(
          and(
            eq(coupons.id, input.couponId),
            or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
          ),
        )
        .returning({ perCustomerLimit: coupons.perCustomerLimit });
      if (!counted) throw new CouponRefused();

      if (counted.perCustomerLimit !== null) {
        if (input.customerId === null) throw new CouponRefused();
        const [mine] = await sp
          .select({ n: count() })
          .from(couponRedemptions)
          .where(
            and(
              eq(couponRedemptions.couponId, input.couponId),
              eq(couponRedemptions.customerId, input.customerId),
              isNull(couponRedemptions.releasedAt),
            ),
          );
        if ((mine?.n ?? 0) > counted.perCustomerLimit) throw new CouponRefused();
      }
      return true;
    });
  } catch (err) {
    if (err instanceof CouponRefused) return false;
    throw err;
  }
}

/**
 * Gives back the coupon use counted under `orderRef`, inside the transaction that cancels that
 * order (orders/transition.ts), after its conditional move: as WooCommerce and Magento do, a
 * cancelled order frees its use for the next order, and the same customer may use the coupon
 * again; a refund of a delivered order does not. One statement, never read-then-write: the
 * redemption is marked released only while it is not, and used_count drops only for the call that
 * marked it, so retries and concurrent cancels give it back once. False when nothing was released
 * (no coupon on the order, or given back already).
 */
export async function releaseCouponUse(tx: Db, orderRef: string): Promise<boolean> {
  const released = await queryRows(
    tx,
    sql`with released as (
          update coupon_redemptions set released_at = now()
           where order_ref = ${orderRef} and released_at is null
       returning coupon_id)
        update coupons c set used_count = greatest(c.used_count - 1, 0)
          from released where c.id = released.coupon_id
        returning c.id`,
  );
  return released.length > 0;
}
