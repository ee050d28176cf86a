import { sql } from 'drizzle-orm';
import type { StockReason } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';

/**
 * Why the stock changes that follow in this transaction happen. Every change of variants.stock
 * is recorded in stock_movements by a trigger (migration catalog_admin), which reads these
 * transaction-local settings; a change naming nothing is recorded by its direction (taken: sale,
 * given back: cancel).
 */
export interface StockNote {
  reason: StockReason;
  actor: string | null;
  note?: string | null;
  /** The order the change belongs to. */
  ref?: string | null;
}

/** Names the reason, member, note and order of the stock changes that follow in this transaction (null: clears). */
export async function noteStockChange(tx: Db, n: StockNote | null): Promise<void> {
  await tx.execute(
    sql`select set_config('shopfront.stock_reason', ${n?.reason ?? ''}, true),
               set_config('shopfront.stock_actor', ${n?.actor ?? ''}, true),
               set_config('shopfront.stock_note', ${n?.note ?? ''}, true),
               set_config('shopfront.stock_ref', ${n?.ref ?? ''}, true)`,
  );
}
