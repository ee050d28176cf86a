import { useShopData } from '../../lib/shop';
import { accountAdditions, type AccountAdditions } from './account-menu';

/** The account menu items, groups and dashboard sections the installed plugins add. */
export function useAccountAdditions(): AccountAdditions {
  const plugins = useShopData()?.plugins ?? [];
  return accountAdditions(plugins.map((p) => p.module_name));
}
