import { sql } from 'drizzle-orm';
import {
  AdminShippingMethodBodySchema,
  AdminShippingMethodParamsSchema,
  adminShippingMessages as msg,
  type AdminShipping,
  type AdminShippingMethod,
  type AdminShippingMethodBody,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError, fieldError, notFound } from '../../../lib/http.ts';
import { recordAudit } from '../../staff/audit.ts';
import {
  assertSameSet,
  insertMethod,
  lockShipping,
  methodAuditView,
  methodCodeRows,
  methodRow,
  methodValues,
  PositionSchema,
  shippingOverview,
  type ShippingAct,
} from './service.ts';

export { methodAuditView };

/** The codes taken of `base` and `base-…` (newCode below). */
const codesLikeRows = namedQuery<{ code: string }>()({
  name: 'admin.shipping.codes-like',
  columns: ['code'],
  example: { base: 'standard' },
  build: (p: { base: string }) =>
    sql`select code from shipping_methods where code = ${p.base} or code like ${p.base.replace(/[\\%_]/g, '\\$&') + '-%'}`,
});

const lockMethodRow = namedQuery<{ version: number }>()({
  name: 'admin.shipping.lock-method',
  columns: ['version'],
  example: { code: 'standard' },
  build: (p: { code: string }) => sql`select version from shipping_methods where code = ${p.code} for update`,
});

/** Whether a deleted method's code is taken again, or its zone gone. */
const methodClashRow = namedQuery<{ taken: boolean; zone_gone: boolean }>()({
  name: 'admin.shipping.method-clash',
  columns: ['taken', 'zone_gone'],
  example: { code: 'standard', zoneId: 1 as number | null },
  build: (p: { code: string; zoneId: number | null }) =>
    sql`select exists (select 1 from shipping_methods where code = ${p.code}) as taken,
               (${p.zoneId}::int is not null
                 and not exists (select 1 from shipping_zones where id = ${p.zoneId}::int)) as zone_gone`,
});

/**
 * The owner's shipping methods (issue 26): a flat rate, free above an amount, the days, per zone
 * or for every zone (zone_id null). The method's code is what a cart names as its shipping mode:
 * made once from the name and kept through renames. Writes as the zones' (service.ts): the
 * shipping lock, the row locked, If-Match compared, `version + 1`, audited.
 */

export async function loadMethod(db: Db, code: string): Promise<AdminShippingMethod | null> {
  const [m] = await methodRow(db, { code });
  return m ?? null;
}

/** "Express (metro)" → "express-metro"; "express-metro-2" when taken. Under the shipping lock. */
async function newCode(tx: Db, name: string): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'method';
  const taken = new Set((await codesLikeRows(tx, { base })).map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function assertZone(tx: Db, zoneId: number | null): Promise<void> {
  if (zoneId === null) return;
  const [z] = await queryRows(tx, sql`select id from shipping_zones where id = ${zoneId}`);
  if (!z) throw fieldError('zone_id', msg.unknownZone);
}

/** A new method, offered after the others of its zone. */
export async function createMethod(
  db: Db,
  act: ShippingAct,
  body: AdminShippingMethodBody,
): Promise<AdminShippingMethod> {
  return db.transaction(async (tx) => {
    await lockShipping(tx);
    await assertZone(tx, body.zone_id);
    const code = await newCode(tx, body.name);
    await insertMethod(
      tx,
      code,
      body,
      sql`(select coalesce(max(position) + 1, 0) from shipping_methods where zone_id is not distinct from ${body.zone_id}::int)`,
    );
    const method = (await loadMethod(tx, code))!;
    await recordAudit(tx, {
      staff: act.staff,
      action: 'shipping-method.create',
      target: `shipping-method:${code}`,
      after: methodAuditView(method),
      ip: act.ip,
    });
    return method;
  });
}

async function lockMethod(tx: Db, code: string, ifMatch: number | null): Promise<void> {
  await lockShipping(tx);
  const [row] = await lockMethodRow(tx, { code });
  if (!row) throw notFound(msg.methodNotFound);
  if (ifMatch !== null && ifMatch !== row.version) throw new HttpError(409, msg.stale('method'));
}

/**
 * Replaces a method's settings. Carts follow at once; a checkout whose total came from the old
 * rate is refused by place-order's confirmed-total check. Moved to another zone, it goes last there.
 */
export async function updateMethod(
  db: Db,
  act: ShippingAct,
  code: string,
  body: AdminShippingMethodBody,
): Promise<AdminShippingMethod> {
  return db.transaction(async (tx) => {
    await lockMethod(tx, code, act.ifMatch);
    await assertZone(tx, body.zone_id);
    const before = methodAuditView((await loadMethod(tx, code))!);
    await tx.execute(
      sql`update shipping_methods set (zone_id, name, description, price_minor, free_over_minor, delivery_days_min,
            delivery_days_max, is_active) = (${methodValues(body)}), version = version + 1,
            position = case when zone_id is not distinct from ${body.zone_id}::int then position
              else (select coalesce(max(o.position) + 1, 0) from shipping_methods o
                     where o.zone_id is not distinct from ${body.zone_id}::int) end
          where code = ${code}`,
    );
    const method = (await loadMethod(tx, code))!;
    const after = methodAuditView(method);
    const keys = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]),
    );
    if (keys.length) {
      await recordAudit(tx, {
        staff: act.staff,
        action: 'shipping-method.update',
        target: `shipping-method:${code}`,
        before: { name: before.name, ...Object.fromEntries(keys.map((k) => [k, before[k]])) },
        after: { name: after.name, ...Object.fromEntries(keys.map((k) => [k, after[k]])) },
        ip: act.ip,
      });
    }
    return method;
  });
}

/** Deletes a method; a cart that had chosen it falls back to the first one its address is offered. */
export async function deleteMethod(db: Db, act: ShippingAct, code: string) {
  return db.transaction(async (tx) => {
    await lockMethod(tx, code, act.ifMatch);
    const method = (await loadMethod(tx, code))!;
    await tx.execute(sql`delete from shipping_methods where code = ${code}`);
    await recordAudit(tx, {
      staff: act.staff,
      action: 'shipping-method.delete',
      target: `shipping-method:${code}`,
      // Its place too, so Undo puts it back where it was.
      before: { ...methodAuditView(method), position: method.position },
      ip: act.ip,
    });
    return { code, name: method.name };
  });
}

/**
 * Puts a deleted method back (the Undo of its delete), in the caller's transaction under the
 * shipping lock: the same code, settings and place. False when it cannot be as it was: the code
 * is taken again or its zone is gone.
 */
export async function restoreMethod(
  tx: Db,
  act: ShippingAct,
  code: string,
  method: ReturnType<typeof methodAuditView> & { position: number },
): Promise<boolean> {
  const { position, ...settings } = method;
  const body = AdminShippingMethodBodySchema.safeParse(settings);
  if (!body.success || !PositionSchema.safeParse(position).success) return false;
  if (!AdminShippingMethodParamsSchema.shape.code.safeParse(code).success) return false;
  const [clash] = await methodClashRow(tx, { code, zoneId: body.data.zone_id });
  if (clash!.taken || clash!.zone_gone) return false;
  await tx.execute(
    sql`update shipping_methods set position = position + 1
         where zone_id is not distinct from ${body.data.zone_id}::int and position >= ${position}`,
  );
  await insertMethod(tx, code, body.data, position);
  await recordAudit(tx, {
    staff: act.staff,
    action: 'shipping-method.create',
    target: `shipping-method:${code}`,
    after: methodAuditView((await loadMethod(tx, code))!),
    ip: act.ip,
  });
  return true;
}

/** Puts one zone's methods (null: the every-zone ones) in the order sent; 409 when that set changed since. */
export async function orderMethods(
  db: Db,
  act: ShippingAct,
  zoneId: number | null,
  codes: string[],
): Promise<AdminShipping> {
  return db.transaction(async (tx) => {
    await lockShipping(tx);
    const current = (await methodCodeRows(tx, { zoneId })).map((m) => m.code);
    assertSameSet(current, codes);
    await tx.execute(
      sql`update shipping_methods m set position = x.ord - 1, version = m.version + 1
            from unnest(array[${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )}]::text[]) with ordinality as x(code, ord)
           where m.code = x.code and m.position <> x.ord - 1`,
    );
    if (current.join() !== codes.join()) {
      await recordAudit(tx, {
        staff: act.staff,
        action: 'shipping-method.reorder',
        target: zoneId === null ? 'shipping-methods' : `shipping-zone:${zoneId}`,
        before: { codes: current },
        after: { codes },
        ip: act.ip,
      });
    }
    return shippingOverview(tx);
  });
}
