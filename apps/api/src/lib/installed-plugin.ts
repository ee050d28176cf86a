import { sql } from 'drizzle-orm';
import { PLUGIN_CONFIG_SCHEMAS, pluginMessages, type PluginConfig, type PluginName } from '@shopfront/shared';
import type { Db } from '../db/client.ts';
import { namedQuery } from '../db/named-query.ts';
import { HttpError } from './http.ts';

const installedConfig = namedQuery<{ config: unknown }>()({
  name: 'installed-plugin.config',
  columns: ['config'],
  example: { name: 'x' as string },
  build: ({ name }: { name: string }) => sql`select config from plugins where module_name = ${name} and is_installed`,
});

/**
 * The config of an installed plugin, read through its typed schema (defaults filled in), or null
 * when it is not installed. A stored config the schema no longer accepts counts as the defaults:
 * a bad owner setting must not take the shopper's feature down (the owner's API refuses it anyway).
 */
export async function installedPluginConfig<N extends PluginName>(db: Db, name: N): Promise<PluginConfig<N> | null> {
  const [row] = await installedConfig(db, { name });
  if (!row) return null;
  const schema = PLUGIN_CONFIG_SCHEMAS[name];
  const parsed = schema.safeParse(row.config ?? {});
  if (parsed.success) return parsed.data as PluginConfig<N>;
  const defaults = schema.safeParse({});
  return defaults.success ? (defaults.data as PluginConfig<N>) : ({} as PluginConfig<N>);
}

/** The installed plugin's config, or 404 'This plugin is not installed'. */
export async function requirePlugin<N extends PluginName>(db: Db, name: N): Promise<PluginConfig<N>> {
  const config = await installedPluginConfig(db, name);
  if (config === null) throw new HttpError(404, pluginMessages.notInstalled);
  return config;
}

/** SQL: the plugin is installed (for a statement that decides in one go). */
export const pluginInstalledSql = (name: PluginName) =>
  sql`exists (select 1 from plugins p where p.module_name = ${name} and p.is_installed)`;
