import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyVisits } from '../../db/schema.ts';

/** Today's calendar date (UTC) as YYYY-MM-DD. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Counts a visitor once per calendar day: `lastVisit` is the date their heart-beat cookie holds.
 * Returns whether this call was counted.
 */
export async function recordHeartBeat(db: Db, lastVisit: string | undefined, day = today()): Promise<boolean> {
  if (lastVisit === day) return false;
  await db
    .insert(dailyVisits)
    .values({ day, visits: 1 })
    .onConflictDoUpdate({ target: dailyVisits.day, set: { visits: sql`${dailyVisits.visits} + 1` } });
  return true;
}

/** True when the database answers a trivial query. */
export async function databaseIsUp(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
