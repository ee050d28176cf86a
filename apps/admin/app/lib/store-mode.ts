import { useQuery } from '@tanstack/react-query';
import { settingsApi, type StoreMode } from '@shopfront/shared';
import { call } from './api';

export const STORE_MODE_KEY = ['store-mode'] as const;

/**
 * Whether the shop sells products or services (issue 27): the public setting every role reads,
 * so the navigation shows Applications in a services shop. Products until it is known.
 */
export function useStoreMode(): StoreMode {
  const q = useQuery({
    queryKey: STORE_MODE_KEY,
    queryFn: async () => (await call(settingsApi.get, { body: { keys: ['store_mode'] } })).data,
    retry: false,
    staleTime: 5 * 60_000,
  });
  return q.data?.store_mode === 'services' ? 'services' : 'products';
}
