import { sql, type SQL } from 'drizzle-orm';
import { adminTaxonomyMessages as msg } from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { namedQuery } from '../../../db/named-query.ts';
import { HttpError } from '../../../lib/http.ts';
import type { OwnerAct } from '../if-match.ts';
import { recordAudit } from '../../staff/audit.ts';

/** Who writes and against which version (the owner routes' OwnerAct). */
export type TaxonomyAct = OwnerAct;

/** An int[] literal of bound parameters. */
export const intArray = (xs: readonly number[]): SQL =>
  xs.length
    ? sql`array[${sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      )}]::int[]`
    : sql`array[]::int[]`;

/**
 * Every write of the category tree (and of a sibling order) takes this lock first, so two moves
 * at once cannot make a cycle between them and two reorders apply one after the other.
 */
export const lockTaxonomy = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(7319046281577)`);

export function assertVersion(ifMatch: number | null, version: number): void {
  if (ifMatch !== null && ifMatch !== version) throw new HttpError(409, msg.stale);
}

/** The order sent must name exactly the items there now: else 409 (something changed since). */
export function assertSameSet(current: readonly number[], sent: readonly number[]): void {
  const now = new Set(current);
  if (now.size !== sent.length || !sent.every((id) => now.has(id))) throw new HttpError(409, msg.orderChanged);
}

/** Sets position = index for each id of `table` (one statement). */
export const writePositions = (tx: Db, table: 'categories' | 'super_categories' | 'collections', ids: number[]) =>
  tx.execute(
    sql`update ${sql.identifier(table)} t set position = x.ord - 1, version = t.version + 1
          from unnest(${intArray(ids)}) with ordinality as x(id, ord)
         where t.id = x.id and t.position <> x.ord - 1`,
  );

/** The list's ids in their order: described for collections. */
const wholeListIds = namedQuery<{ id: number }>()({
  name: 'admin.taxonomy.list-ids',
  columns: ['id'],
  example: { table: 'collections' as 'super_categories' | 'collections' },
  build: (params: { table: 'super_categories' | 'collections' }) =>
    sql`select id from ${sql.identifier(params.table)} order by position, id`,
});

/**
 * Puts a whole top-level list (super categories, collections) in the order sent, in the caller's
 * transaction: the list is locked, must still hold exactly those ids (else 409), and the change is
 * audited as `action` on `target`.
 */
export async function reorderWholeList(
  tx: Db,
  act: TaxonomyAct,
  list: { table: 'super_categories' | 'collections'; action: string; target: string },
  ids: number[],
): Promise<void> {
  await lockTaxonomy(tx);
  const current = await wholeListIds(tx, { table: list.table });
  assertSameSet(
    current.map((c) => c.id),
    ids,
  );
  await writePositions(tx, list.table, ids);
  await recordAudit(tx, {
    staff: act.staff,
    action: list.action,
    target: list.target,
    before: { ids: current.map((c) => c.id) },
    after: { ids },
    ip: act.ip,
  });
}
