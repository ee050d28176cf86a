import { useRouteLoaderData } from 'react-router';
import type { StoreMode } from '@shopfront/shared';
import type { loader } from '../root';

/** The root loader's answer: storefront settings, store settings, menus and request details. */
export type ShopData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;

/** Root data, or undefined while an error screen replaces a shop that could not be loaded. */
export function useShopData(): ShopData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

/** Root data for components that only render inside the shop shell. */
export function useShop(): ShopData {
  const shop = useShopData();
  if (!shop) throw new Error('useShop() used outside the loaded shop shell');
  return shop;
}

/** The store's display name: the configured store name, else the storefront's own name. */
export function storeName(shop: ShopData): string {
  return shop.settings.store_name || shop.storefront.name;
}

/** What the shop sells: products (default, also for a shop that never chose) or services (issue 27). */
export function storeMode(shop: Pick<ShopData, 'settings'>): StoreMode {
  return shop.settings.store_mode ?? 'products';
}
