import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Changes one store setting in the PGlite database of a shop that is stopped (PGlite belongs to
 * one process at a time), the way a shop owner's admin change would: start the shop on the same
 * DATA_DIR afterwards. The shop has no admin API yet.
 */
export async function setStoreSetting(dataDir: string, key: string, value: unknown): Promise<void> {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    const res = await db.query('update store_settings set value = $1::jsonb, updated_at = now() where key = $2', [
      JSON.stringify(value),
      key,
    ]);
    if (res.affectedRows !== 1) throw new Error(`store setting ${key} not found in ${dataDir}`);
  } finally {
    await db.close();
  }
}
