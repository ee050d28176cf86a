import { sql, type SQL } from 'drizzle-orm';
import {
  adminCouponMessages as msg,
  type AdminCoupon,
  type AdminCouponBody,
  type AdminCouponList,
  type AdminCouponRow,
  type AdminCouponScopeChoices,
  type AdminCouponUses,
  type AdminCouponsQuerySchema,
  type AdminCouponUsesQuerySchema,
  type CouponStatus,
} from '@shopfront/shared';
import type { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { uniqueViolation } from '../../auth/service.ts';
import { READ_MODEL_CHANNEL } from '../../catalog/summary.ts';
import { textArray } from '../../../db/sql-array.ts';
import { recordAudit } from '../../staff/audit.ts';
import type { OwnerAct } from '../if-match.ts';

/**
 * The owner's coupons (issue 26). The cart reads the coupons table on every apply, offer list and
 * checkout (coupons/service.ts), so a write here reaches shoppers at its commit; a checkout that
 * had a total from the old rules is refused by place-order's confirmed-total check. A place-order
 * holds its cart's coupon `for key share` from before it prices the cart to its commit, so a
 * write here waits for the orders in flight, and orders arriving meanwhile wait for the write.
 * Each write is one transaction: the coupon row locked first (If-Match compared under the lock),
 * then written with `version + 1`, and audited.
 */

/** Who writes and against which version (the owner routes' OwnerAct). */
export type CouponAct = OwnerAct;

/** The list's status, first match wins: disabled, expired, used up, scheduled, active. */
const statusSql = sql`case when not c.is_active then 'disabled'
  when c.ends_at is not null and c.ends_at <= now() then 'expired'
  when c.usage_limit is not null and c.used_count >= c.usage_limit then 'used_up'
  when c.starts_at is not null and c.starts_at > now() then 'scheduled'
  else 'active' end`;

const currencySql = sql`(select ch.currency_code from channels ch where ch.id = ${READ_MODEL_CHANNEL})`;

interface RuleRow {
  id: number;
  code: string;
  description: string;
  kind: 'percent' | 'fixed';
  value: number;
  min_subtotal_minor: number;
  max_discount_minor: number | null;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_order_only: boolean;
  is_visible: boolean;
  is_active: boolean;
  status: CouponStatus;
  used_count: number;
  currency: string | null;
  created_at: Date | string;
  version: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const rulesOf = (r: RuleRow) => ({
  id: r.id,
  code: r.code,
  description: r.description,
  kind: r.kind,
  value: r.value,
  min_subtotal_minor: r.min_subtotal_minor,
  max_discount_minor: r.max_discount_minor,
  starts_at: iso(r.starts_at),
  ends_at: iso(r.ends_at),
  usage_limit: r.usage_limit,
  per_customer_limit: r.per_customer_limit,
  first_order_only: r.first_order_only,
  secret: !r.is_visible,
  is_active: r.is_active,
  status: r.status,
  used_count: r.used_count,
  currency: r.currency ?? 'INR',
  created_at: iso(r.created_at)!,
  version: r.version,
});

const ruleColumns = sql`c.id, c.code, c.description, c.kind, c.value, c.min_subtotal_minor, c.max_discount_minor,
  c.starts_at, c.ends_at, c.usage_limit, c.per_customer_limit, c.first_order_only, c.is_visible, c.is_active,
  ${statusSql} as status, c.used_count, ${currencySql} as currency, c.created_at, c.version`;

type ListQuery = z.output<typeof AdminCouponsQuerySchema>;
type UsesQuery = z.output<typeof AdminCouponUsesQuerySchema>;

const RULE_COLUMNS = [
  'id',
  'code',
  'description',
  'kind',
  'value',
  'min_subtotal_minor',
  'max_discount_minor',
  'starts_at',
  'ends_at',
  'usage_limit',
  'per_customer_limit',
  'first_order_only',
  'is_visible',
  'is_active',
  'status',
  'used_count',
  'currency',
  'created_at',
  'version',
] as const;

const ruleValues = (b: AdminCouponBody) => sql`${b.code}, ${b.description}, ${b.kind}, ${b.value},
  ${b.min_subtotal_minor}, ${b.max_discount_minor}, ${b.starts_at}::timestamptz, ${b.ends_at}::timestamptz,
  ${b.usage_limit}, ${b.per_customer_limit}, ${b.first_order_only}, ${!b.secret}`;

const EXAMPLE_BODY: AdminCouponBody = {
  code: 'EXAMPLE10',
  description: '',
  kind: 'percent',
  value: 10,
  min_subtotal_minor: 0,
  max_discount_minor: null,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_customer_limit: null,
  first_order_only: false,
  secret: false,
  product_ids: [],
  category_slugs: [],
};

const EXAMPLE_LIST_QUERY: ListQuery = { q: 'SAVE', status: 'active', cursor: '10', limit: 20 };
const EXAMPLE_USES_QUERY: UsesQuery = { cursor: '10', limit: 20 };

/** A page of the list (the example's shape: every filter given). */
const listRows = namedQuery<RuleRow & { product_count: number; category_count: number }>()({
  name: 'admin.coupons.list',
  columns: [...RULE_COLUMNS, 'product_count', 'category_count'],
  example: EXAMPLE_LIST_QUERY,
  build: (q: ListQuery) => {
    const where: SQL[] = [sql`true`];
    if (q.q) where.push(sql`c.code like ${'%' + q.q.toUpperCase().replace(/[\\%_]/g, '\\$&') + '%'}`);
    if (q.status) where.push(sql`${statusSql} = ${q.status}`);
    if (q.cursor) where.push(sql`c.id < ${Number(q.cursor)}`);
    return sql`select ${ruleColumns},
          (select count(*)::int from coupon_products cp where cp.coupon_id = c.id) as product_count,
          (select count(*)::int from coupon_categories cc where cc.coupon_id = c.id) as category_count
        from coupons c where ${sql.join(where, sql` and `)}
        order by c.id desc limit ${q.limit + 1}`;
  },
});

const ruleRow = namedQuery<RuleRow>()({
  name: 'admin.coupons.rules',
  columns: RULE_COLUMNS,
  example: { id: 1 },
  build: (p: { id: number }) => sql`select ${ruleColumns} from coupons c where c.id = ${p.id}`,
});

const scopeProductRows = namedQuery<{ id: string; title: string }>()({
  name: 'admin.coupons.scope-products',
  columns: ['id', 'title'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select p.id, p.name as title from coupon_products cp join products p on p.id = cp.product_id
         where cp.coupon_id = ${p.id} order by p.name, p.id`,
});

const scopeCategoryRows = namedQuery<{ slug: string; name: string }>()({
  name: 'admin.coupons.scope-categories',
  columns: ['slug', 'name'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select k.slug, k.name from coupon_categories cc join categories k on k.id = cc.category_id
         where cc.coupon_id = ${p.id} order by k.name, k.id`,
});

const knownProductRows = namedQuery<{ id: string }>()({
  name: 'admin.coupons.known-products',
  columns: ['id'],
  example: { ids: ['p_example'] },
  build: (p: { ids: string[] }) => sql`select id from products where id = any(${textArray(p.ids)})`,
});

const categoryBySlugRows = namedQuery<{ id: number; slug: string }>()({
  name: 'admin.coupons.categories-by-slug',
  columns: ['id', 'slug'],
  example: { slugs: ['example'] },
  build: (p: { slugs: string[] }) => sql`select id, slug from categories where slug = any(${textArray(p.slugs)})`,
});

const insertCouponRow = namedQuery<{ id: number }>()({
  name: 'admin.coupons.insert',
  columns: ['id'],
  example: EXAMPLE_BODY,
  build: (body: AdminCouponBody) =>
    sql`insert into coupons (code, description, kind, value, min_subtotal_minor, max_discount_minor, starts_at,
              ends_at, usage_limit, per_customer_limit, first_order_only, is_visible)
            values (${ruleValues(body)})
            on conflict (code) do nothing returning id`,
});

const lockCouponRow = namedQuery<{ version: number; used_count: number; is_active: boolean; code: string }>()({
  name: 'admin.coupons.lock',
  columns: ['version', 'used_count', 'is_active', 'code'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`select version, used_count, is_active, code from coupons where id = ${p.id} for update`,
});

/** Deletes the coupon when no order used it. */
const deleteUnusedRow = namedQuery<{ id: number; code: string }>()({
  name: 'admin.coupons.delete-unused',
  columns: ['id', 'code'],
  example: { id: 1 },
  build: (p: { id: number }) =>
    sql`delete from coupons c where c.id = ${p.id} and c.used_count = 0
            and not exists (select 1 from coupon_redemptions r where r.coupon_id = c.id)
            and not exists (select 1 from orders o where o.coupon_id = c.id)
          returning c.id, c.code`,
});

/** A page of the coupon's uses (the example's shape: with a cursor). */
const useRows = namedQuery<{
  rid: number;
  order_id: string;
  order_no: string;
  customer: string | null;
  customer_id: number | null;
  discount_minor: number;
  currency: string;
  at: Date | string;
}>()({
  name: 'admin.coupons.uses',
  columns: ['rid', 'order_id', 'order_no', 'customer', 'customer_id', 'discount_minor', 'currency', 'at'],
  example: { id: 1, q: EXAMPLE_USES_QUERY },
  build: ({ id, q }: { id: number; q: UsesQuery }) =>
    sql`select r.id as rid, o.id as order_id, o.order_no, o.customer_id, o.discount_minor, o.currency, r.created_at as at,
          coalesce(nullif(trim(concat_ws(' ', cu.first_name, cu.last_name)), ''), o.email, o.phone) as customer
        from coupon_redemptions r
        join orders o on o.id = r.order_ref
        left join customers cu on cu.id = o.customer_id
        where r.coupon_id = ${id} and r.released_at is null ${q.cursor ? sql`and r.id < ${Number(q.cursor)}` : sql``}
        order by r.id desc limit ${q.limit + 1}`,
});

/** Products for the scope picker (the example's shape: with a search term). */
const pickerProductRows = namedQuery<{ id: string; title: string }>()({
  name: 'admin.coupons.picker-products',
  columns: ['id', 'title'],
  example: { term: 'shirt' },
  build: ({ term }: { term: string }) =>
    sql`select p.id, p.name as title from products p
         where p.archived_at is null ${term ? sql`and lower(p.name) like ${'%' + term + '%'}` : sql``}
         order by p.created_at desc, p.id desc limit 20`,
});

const pickerCategoryRows = namedQuery<{ slug: string; name: string }>()({
  name: 'admin.coupons.picker-categories',
  columns: ['slug', 'name'],
  example: {},
  build: () => sql`select slug, name from categories order by name, id limit 500`,
});

/** The panel's list, newest first: code search (any part, any case), a status filter, keyset pages by id. */
export async function listCoupons(db: Db, q: ListQuery): Promise<AdminCouponList> {
  const rows = await listRows(db, q);
  const page = rows.slice(0, q.limit);
  return {
    coupons: page.map((r): AdminCouponRow => ({
      ...rulesOf(r),
      product_count: r.product_count,
      category_count: r.category_count,
    })),
    next_cursor: rows.length > q.limit ? String(page.at(-1)!.id) : null,
  };
}

/** One coupon with its scope (product titles, category names). */
export async function loadCoupon(db: Db, id: number): Promise<AdminCoupon | null> {
  const [row] = await ruleRow(db, { id });
  if (!row) return null;
  const products = await scopeProductRows(db, { id });
  const categories = await scopeCategoryRows(db, { id });
  return { ...rulesOf(row), products, categories };
}

/** Category ids of the slugs (422 on the first unknown one, at its index); product ids checked likewise. */
async function resolveScope(tx: Db, body: AdminCouponBody): Promise<{ products: string[]; categories: number[] }> {
  const products = [...new Set(body.product_ids)];
  const known = new Set((await knownProductRows(tx, { ids: products })).map((p) => p.id));
  const badProduct = body.product_ids.findIndex((p) => !known.has(p));
  if (badProduct >= 0) throw fieldError(`product_ids.${badProduct}`, msg.unknownProduct);
  const slugs = [...new Set(body.category_slugs)];
  const cats = await categoryBySlugRows(tx, { slugs });
  const bySlug = new Map(cats.map((c) => [c.slug, c.id]));
  const badCategory = body.category_slugs.findIndex((s) => !bySlug.has(s));
  if (badCategory >= 0) throw fieldError(`category_slugs.${badCategory}`, msg.unknownCategory);
  return { products, categories: slugs.map((s) => bySlug.get(s)!) };
}

async function writeScope(tx: Db, id: number, scope: { products: string[]; categories: number[] }): Promise<void> {
  await tx.execute(sql`delete from coupon_products where coupon_id = ${id}`);
  await tx.execute(sql`delete from coupon_categories where coupon_id = ${id}`);
  if (scope.products.length) {
    await tx.execute(
      sql`insert into coupon_products (coupon_id, product_id) select ${id}, unnest(${textArray(scope.products)})`,
    );
  }
  if (scope.categories.length) {
    await tx.execute(
      sql`insert into coupon_categories (coupon_id, category_id) select ${id}, unnest(${textArray(scope.categories.map(String))}::int[])`,
    );
  }
}

/** What the audit log keeps of a coupon: its rules as the API names them. */
export const auditView = (c: AdminCoupon) => ({
  code: c.code,
  description: c.description,
  kind: c.kind,
  value: c.value,
  min_subtotal_minor: c.min_subtotal_minor,
  max_discount_minor: c.max_discount_minor,
  starts_at: c.starts_at,
  ends_at: c.ends_at,
  usage_limit: c.usage_limit,
  per_customer_limit: c.per_customer_limit,
  first_order_only: c.first_order_only,
  secret: c.secret,
  product_ids: c.products.map((p) => p.id),
  category_slugs: c.categories.map((k) => k.slug),
});

/** The code's unique index, hit by a concurrent create or edit of the same code, as the field's 422. */
function rethrowConflict(err: unknown): never {
  const c = uniqueViolation(err);
  if (c !== null && c.includes('code')) throw fieldError('code', msg.codeTaken);
  throw err;
}

export async function createCoupon(db: Db, act: CouponAct, body: AdminCouponBody): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const scope = await resolveScope(tx, body);
      const [row] = await insertCouponRow(tx, body);
      if (!row) throw fieldError('code', msg.codeTaken);
      await writeScope(tx, row.id, scope);
      const coupon = (await loadCoupon(tx, row.id))!;
      await recordAudit(tx, {
        staff: act.staff,
        action: 'coupon.create',
        target: `coupon:${row.id}`,
        after: auditView(coupon),
        ip: act.ip,
      });
      return coupon;
    });
  } catch (e) {
    rethrowConflict(e);
  }
}

/**
 * Locks the coupon and checks If-Match against it. `for update`, not `for no key update`: only it
 * conflicts with the `for key share` of a place-order in flight (checkout/place-order.ts).
 */
async function lockCoupon(tx: Db, id: number, ifMatch: number | null) {
  const [row] = await lockCouponRow(tx, { id });
  if (!row) throw notFound(msg.couponNotFound);
  if (ifMatch !== null && ifMatch !== row.version) throw new HttpError(409, msg.stale);
  return row;
}

/**
 * Replaces the coupon's rules and scope. A total-use limit below the uses so far is refused
 * (422 on usage_limit, saying how many): the coupon row is locked, and place-order counts a use
 * with a conditional update of that row, so no use slips in between.
 */
export async function updateCoupon(db: Db, act: CouponAct, id: number, body: AdminCouponBody): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockCoupon(tx, id, act.ifMatch);
      if (body.usage_limit !== null && body.usage_limit < row.used_count) {
        throw fieldError('usage_limit', msg.usageBelowUsed(row.used_count));
      }
      const scope = await resolveScope(tx, body);
      const before = (await loadCoupon(tx, id))!;
      await tx.execute(
        sql`update coupons set (code, description, kind, value, min_subtotal_minor, max_discount_minor, starts_at,
              ends_at, usage_limit, per_customer_limit, first_order_only, is_visible) = (${ruleValues(body)}),
              version = version + 1
            where id = ${id}`,
      );
      await writeScope(tx, id, scope);
      const after = (await loadCoupon(tx, id))!;
      const [b, a] = [auditView(before), auditView(after)];
      const keys = (Object.keys(a) as (keyof typeof a)[]).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
      if (keys.length) {
        await recordAudit(tx, {
          staff: act.staff,
          action: 'coupon.update',
          target: `coupon:${id}`,
          before: Object.fromEntries(keys.map((k) => [k, b[k]])),
          after: Object.fromEntries(keys.map((k) => [k, a[k]])),
          ip: act.ip,
        });
      }
      return after;
    });
  } catch (e) {
    rethrowConflict(e);
  }
}

/**
 * Disables (active=false) or enables a coupon. A disabled coupon is no coupon to the cart: applying
 * it says the spec's "This coupon code is not valid", a cart holding it stops discounting, and
 * checkout refuses the old total. 409 when it is already so.
 */
export async function setCouponActive(db: Db, act: CouponAct, id: number, active: boolean): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const row = await lockCoupon(tx, id, act.ifMatch);
    if (row.is_active === active) throw new HttpError(409, active ? msg.alreadyEnabled : msg.alreadyDisabled);
    await tx.execute(sql`update coupons set is_active = ${active}, version = version + 1 where id = ${id}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: active ? 'coupon.enable' : 'coupon.disable',
      target: `coupon:${id}`,
      before: { is_active: !active },
      after: { is_active: active },
      ip: act.ip,
    });
    return (await loadCoupon(tx, id))!;
  });
}

/**
 * Deletes a coupon no order used (one conditional statement: no use counted, no redemption, no
 * order naming it). A used one is 409: it stays for its orders, to be disabled instead.
 */
export async function deleteCoupon(db: Db, act: CouponAct, id: number): Promise<{ id: number; code: string }> {
  return db.transaction(async (tx) => {
    const row = await lockCoupon(tx, id, act.ifMatch);
    const [gone] = await deleteUnusedRow(tx, { id });
    if (!gone) throw new HttpError(409, msg.usedCannotDelete);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'coupon.delete',
      target: `coupon:${id}`,
      before: { code: row.code },
      ip: act.ip,
    });
    return gone;
  });
}

/**
 * The orders that used the coupon, newest first (keyset by redemption id): number, customer,
 * discount, date. A use given back (its order or application cancelled: releaseCouponUse) is left
 * out: that order did not use the coupon in the end, and the list then agrees with used_count,
 * the number its heading shows; the cancelled order still names its coupon on its own page.
 */
export async function couponUses(db: Db, id: number, q: UsesQuery): Promise<AdminCouponUses | null> {
  const [exists] = await queryRows(db, sql`select id from coupons where id = ${id}`);
  if (!exists) return null;
  const rows = await useRows(db, { id, q });
  const page = rows.slice(0, q.limit);
  return {
    uses: page.map((r) => ({
      order_id: r.order_id,
      order_no: r.order_no,
      customer: r.customer,
      customer_id: r.customer_id,
      discount_minor: r.discount_minor,
      currency: r.currency,
      at: iso(r.at)!,
    })),
    next_cursor: rows.length > q.limit ? String(page.at(-1)!.rid) : null,
  };
}

/** Categories (all, by name) and up to 20 products matching the words (newest first), for the scope pickers. */
export async function scopeChoices(db: Db, q: string | undefined): Promise<AdminCouponScopeChoices> {
  const term = (q ?? '').toLowerCase().replace(/[\\%_]/g, '\\$&');
  const products = await pickerProductRows(db, { term });
  const categories = await pickerCategoryRows(db, {});
  return { products, categories };
}
