import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import {
  PLUGINS,
  PLUGIN_CONFIG_SCHEMAS,
  PLUGIN_NAMES,
  isPluginName,
  pluginMessages,
  staffMessages,
  type AdminPlugin,
  type PluginName,
} from '@shopfront/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { plugins } from '../../db/schema.ts';
import { HttpError, notFound, parseOr422 } from '../../lib/http.ts';
import { recordAudit, type AuditActor } from '../staff/audit.ts';
import { assertOwner } from '../staff/permissions.ts';
import type { StaffMember } from '../staff/session.ts';

type PluginRow = typeof plugins.$inferSelect;

function toAdminPlugin(name: PluginName, row: PluginRow | undefined): AdminPlugin {
  const info = PLUGINS[name];
  const schema = PLUGIN_CONFIG_SCHEMAS[name];
  return {
    name,
    label: info.label,
    description: info.description,
    installed: row?.isInstalled ?? false,
    config: row?.config ?? {},
    public_keys: [...info.publicKeys],
    consent: info.consent,
    runs_script: info.runsScript,
    configurable: Object.keys(schema.shape).length > 0,
    needs_config: !schema.safeParse({}).success,
    installed_at: row?.isInstalled ? row.installedAt.toISOString() : null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Every plugin of the catalogue, in its order, installed or not, with its saved config. */
export async function listAdminPlugins(db: Db): Promise<AdminPlugin[]> {
  const rows = await db.select().from(plugins);
  return PLUGIN_NAMES.map((name) =>
    toAdminPlugin(
      name,
      rows.find((r) => r.moduleName === name),
    ),
  );
}

function knownPlugin(name: string): PluginName {
  if (!isPluginName(name)) throw notFound(pluginMessages.unknownPlugin);
  return name;
}

/**
 * A plugin whose config decides what script runs on the shop's pages (`runsScript` in the
 * catalogue) is the owner's to install, configure and remove: in staff hands it would run their
 * script in an owner's browser on the shop's origin. 404 for an unknown plugin, 403 for staff.
 */
export function assertMayManagePlugin(member: Pick<StaffMember, 'role'>, rawName: string): void {
  const name = knownPlugin(rawName);
  if (PLUGINS[name].runsScript) assertOwner(member);
}

/** The keys whose values differ between two configs (added and dropped keys included), sorted. */
function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => !isDeepStrictEqual(before[k], after[k])).sort();
}

/** The values of `keys` in a config; a key it does not have is null (added or dropped by the save). */
const pick = (config: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, config[k] ?? null]));

/**
 * The config checked by the plugin's own schema, defaults filled in; 422 on `config.<key>` for
 * a bad value, and for a key the plugin does not have (named in the message).
 */
export function parsePluginConfig(name: PluginName, config: Record<string, unknown>): Record<string, unknown> {
  const schema = PLUGIN_CONFIG_SCHEMAS[name];
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(config)) {
    if (!(key in schema.shape)) errors[`config.${key}`] = [staffMessages.unknownKey(key)];
  }
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  return parseOr422(z.object({ config: schema }), { config }).config as Record<string, unknown>;
}

/**
 * Installs a plugin, or saves the config of an installed one (one transaction). The audit entry
 * holds only the config keys that changed; a save that changes nothing writes none and leaves
 * `updated_at` alone. A plugin removed earlier comes back with the new config and a new
 * installation time.
 */
export async function installPlugin(
  db: Db,
  actor: AuditActor,
  rawName: string,
  rawConfig: Record<string, unknown>,
  ip: string | null,
): Promise<{ plugin: AdminPlugin; wasInstalled: boolean }> {
  const name = knownPlugin(rawName);
  const config = parsePluginConfig(name, rawConfig);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plugins).where(eq(plugins.moduleName, name)).for('update');
    const wasInstalled = before?.isInstalled ?? false;
    const changed = changedKeys(before?.config ?? {}, config);
    if (wasInstalled && changed.length === 0) return { plugin: toAdminPlugin(name, before), wasInstalled };
    const [row] = await tx
      .insert(plugins)
      .values({ moduleName: name, config, isInstalled: true })
      .onConflictDoUpdate({
        target: plugins.moduleName,
        set: {
          config,
          isInstalled: true,
          installedAt: sql`case when ${plugins.isInstalled} then ${plugins.installedAt} else now() end`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    await recordAudit(tx, {
      staff: actor,
      action: wasInstalled ? 'plugin.configure' : 'plugin.install',
      target: `plugin:${name}`,
      before: before ? { installed: before.isInstalled, config: pick(before.config, changed) } : null,
      after: { installed: true, config: pick(config, changed) },
      ip,
    });
    return { plugin: toAdminPlugin(name, row), wasInstalled };
  });
}

/** Uninstalls a plugin: the storefront stops loading it; its config is kept for a later install. 404 when not installed. */
export async function removePlugin(
  db: Db,
  actor: AuditActor,
  rawName: string,
  ip: string | null,
): Promise<AdminPlugin> {
  const name = knownPlugin(rawName);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(plugins)
      .set({ isInstalled: false, updatedAt: sql`now()` })
      .where(sql`${plugins.moduleName} = ${name} and ${plugins.isInstalled}`)
      .returning();
    if (!row) throw notFound(pluginMessages.notInstalled);
    await recordAudit(tx, {
      staff: actor,
      action: 'plugin.remove',
      target: `plugin:${name}`,
      before: { installed: true },
      after: { installed: false },
      ip,
    });
    return toAdminPlugin(name, row);
  });
}
