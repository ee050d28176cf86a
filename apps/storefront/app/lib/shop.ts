import { useContext, useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { StoreMode } from '@shopfront/shared';
import type { loader } from '../root';
import { PreviewLookContext } from '../features/preview/look-context';

/** The root loader's answer: storefront settings, store settings, menus and request details. */
export type ShopData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;

/**
 * Root data, or undefined while an error screen replaces a shop that could not be loaded. Inside
 * the admin panel's preview frame, the unsaved look it sent (logo, layout, bars, cookie banner)
 * replaces the saved one.
 */
export function useShopData(): ShopData | undefined {
  const shop = useRouteLoaderData<typeof loader>('root');
  const look = useContext(PreviewLookContext);
  return useMemo(() => (shop && look ? { ...shop, storefront: { ...shop.storefront, ...look } } : shop), [shop, look]);
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
