import { useQuery, type QueryClient } from '@tanstack/react-query';
import { adminChannelsApi } from '@shopfront/shared';
import { call } from '../../lib/api';

export const ADMIN_CHANNELS_KEY = ['admin', 'channels'] as const;

/** The channels with their counts, and the countries a channel may sell in. */
export function useAdminChannels() {
  return useQuery({
    queryKey: ADMIN_CHANNELS_KEY,
    queryFn: async () => (await call(adminChannelsApi.list)).data,
  });
}

/** After a write: this screen's list, and `['channels']` (the product editor's price columns, Settings' picker). */
export function channelsChanged(qc: QueryClient): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ADMIN_CHANNELS_KEY }),
    qc.invalidateQueries({ queryKey: ['channels'] }),
  ]);
}
