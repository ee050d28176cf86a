import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/** Installs a plugin with this config (replacing any earlier one). */
export async function installPlugin(db: Db, name: string, config: Record<string, unknown> = {}) {
  await queryRows(
    db,
    sql`insert into plugins (module_name, config, is_installed) values (${name}, ${JSON.stringify(config)}::jsonb, true)
        on conflict (module_name) do update set config = excluded.config, is_installed = true`,
  );
}

/** Turns a plugin off, keeping its config. */
export const uninstallPlugin = (db: Db, name: string) =>
  queryRows(db, sql`update plugins set is_installed = false where module_name = ${name}`);
