import { useQuery } from '@tanstack/react-query';
import { adminApi, settingsApi, type StoreMode } from '@shopfront/shared';
import { useMe } from '../features/auth/me';
import { call } from './api';
import { roleMayRead } from './nav';

/** The query keys of the shop's settings as the header reads them: all of them, or the public two. */
export const SETTINGS_KEYS = [['settings'], ['shop-name']] as const;

/**
 * The shop's name and mode (products or services, issue 27) for the frame. Store settings are not
 * every role's to read; the name and mode are public, so a packer or a content editor reads them
 * where shoppers do and sees what the owner sees.
 */
export function useShopSettings() {
  const role = useMe().data?.role ?? '';
  const all = roleMayRead(role, 'settings');
  return useQuery({
    queryKey: SETTINGS_KEYS[all ? 0 : 1],
    queryFn: async () =>
      all
        ? (await call(adminApi.getSettings)).data
        : (await call(settingsApi.get, { body: { keys: ['store_name', 'store_mode'] } })).data,
    enabled: role !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Products until it is known: the navigation shows Applications in a services shop. */
export const useStoreMode = (): StoreMode =>
  useShopSettings().data?.store_mode === 'services' ? 'services' : 'products';
