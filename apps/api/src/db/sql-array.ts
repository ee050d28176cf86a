import { sql, type SQL } from 'drizzle-orm';

/** A text[] literal of bound parameters (drizzle would expand a bare array into a list). */
export const textArray = (xs: readonly string[]): SQL =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
