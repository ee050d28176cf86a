import type { PluginName } from '@shopfront/shared';
import { useShopData } from '../../lib/shop';

/**
 * The public config of an installed plugin (what /api/storefront/initial-values answers), or null
 * when the plugin is not installed: every plugin's UI renders nothing then.
 */
export function usePlugin(name: PluginName): Record<string, unknown> | null {
  const shop = useShopData();
  return shop?.plugins.find((p) => p.module_name === name)?.config ?? null;
}

/** A string config value, else `fallback`. */
export const configText = (config: Record<string, unknown> | null, key: string, fallback = ''): string => {
  const v = config?.[key];
  return typeof v === 'string' ? v : fallback;
};
