import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/** The columns of a table but the given ones, as SQL identifiers (in table order). */
async function columnsOf(db: Db, table: string, without: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
         where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
         order by ordinal_position`,
  );
  return rows.map((r) => r.name).filter((n) => !without.includes(n));
}

/**
 * Copies an order (and its lines) `n` times in two statements, for exports and benchmarks: the
 * copies are `ord_<prefix>_<i>` / `SF-<PREFIX><i>`, placed one second apart ending now, with no cart.
 */
export async function cloneOrders(db: Db, sourceId: string, n: number, prefix: string): Promise<void> {
  const keep = (cols: string[]) => sql.raw(cols.map((c) => `o.${c}`).join(', '));
  const names = (cols: string[]) => sql.raw(cols.join(', '));
  const orderCols = await columnsOf(db, 'orders', ['id', 'order_no', 'cart_id', 'tracking_token_hash', 'created_at']);
  await db.execute(
    sql`insert into orders (id, order_no, cart_id, tracking_token_hash, created_at, ${names(orderCols)})
        select 'ord_' || ${prefix} || '_' || g, 'SF-' || upper(${prefix}) || g, null,
               md5(${prefix} || g::text || random()::text), now() - make_interval(secs => ${n} - g), ${keep(orderCols)}
          from orders o cross join generate_series(1, ${n}) g where o.id = ${sourceId}`,
  );
  const itemCols = await columnsOf(db, 'order_items', ['id', 'order_id']);
  await db.execute(
    sql`insert into order_items (order_id, ${names(itemCols)})
        select 'ord_' || ${prefix} || '_' || g, ${keep(itemCols)}
          from order_items o cross join generate_series(1, ${n}) g where o.order_id = ${sourceId}`,
  );
}
