import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz as ISO 8601 in UTC with milliseconds (as every API answer writes times). */
export const isoSql = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
