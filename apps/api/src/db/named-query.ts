import type { SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client.ts';

/**
 * A raw SQL statement whose answer is declared once (issue 24, ADR 39): its name, the columns it
 * answers, and their TypeScript types. `queryRows<T>` asserts a row type nothing checks; a named
 * query's `columns` are held against what the migrated database says the statement answers
 * (named-query.test.ts describes every registered statement on PGlite), so a column renamed in
 * the schema, or in the statement's select list, fails a unit test instead of a browser test.
 * Types of the columns are still the author's word: the names and their presence are checked.
 *
 *   export const lockCartRow = namedQuery<{ channel_id: string }>()({
 *     name: 'cart.lock',
 *     columns: ['channel_id'],
 *     example: { cartId: 'c_example' },
 *     build: (p: { cartId: string }) => sql`update carts … where id = ${p.cartId} returning channel_id`,
 *   });
 *   const [row] = await lockCartRow(tx, { cartId });
 *
 * `example`: parameters that make the statement valid to describe (they need not name real rows;
 * nothing is run). A statement built differently for other parameters is checked in the shape
 * `example` gives it.
 */
export interface NamedQuery<P, R> {
  (db: Db, params: P): Promise<R[]>;
  readonly queryName: string;
  readonly columns: readonly string[];
  readonly example: P;
  readonly build: (params: P) => SQL;
}

const registered = new Map<string, NamedQuery<unknown, unknown>>();

/** Every named query made so far (those of the modules imported): what named-query.test.ts checks. */
export const namedQueries = (): NamedQuery<unknown, unknown>[] => [...registered.values()];

/** Keys of R that `columns` leaves out: never when it names them all. */
type Missing<R, C extends readonly PropertyKey[]> = Exclude<keyof R, C[number]>;

/**
 * Declares a named query answering rows of type R (see above). `columns` must name every key of R
 * (a compile error lists the missing ones) and nothing else; their order does not matter.
 */
export function namedQuery<R>() {
  return <P, const C extends readonly (keyof R & string)[]>(def: {
    name: string;
    columns: C & ([Missing<R, C>] extends [never] ? unknown : { missingColumns: Missing<R, C> });
    example: P;
    build: (params: P) => SQL;
  }): NamedQuery<P, R> => {
    if (registered.has(def.name)) throw new Error(`named query ${def.name} is declared twice`);
    const run = (db: Db, params: P) => queryRows<R>(db, def.build(params));
    const query = Object.assign(run, {
      queryName: def.name,
      columns: def.columns as readonly string[],
      example: def.example,
      build: def.build,
    });
    registered.set(def.name, query as NamedQuery<unknown, unknown>);
    return query;
  };
}
