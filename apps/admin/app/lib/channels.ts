import { useQuery } from '@tanstack/react-query';
import { channelsApi } from '@shopfront/shared';
import { call } from './api';

/** The shop's sales channels (id, name, currency): the product editor's price columns, the Channels settings. */
export function useChannels() {
  return useQuery({
    queryKey: ['channels'],
    queryFn: async () => (await call(channelsApi.list)).data,
    staleTime: 5 * 60_000,
  });
}
