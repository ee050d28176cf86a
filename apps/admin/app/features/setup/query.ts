import { useQuery } from '@tanstack/react-query';
import { adminSetupApi } from '@shopfront/shared';
import { call } from '../../lib/api';

export const SETUP_QUERY = ['setup'] as const;

/** The first run's status: each step's values and whether it is done, and whether the shop is open. */
export function useSetupStatus() {
  return useQuery({ queryKey: SETUP_QUERY, queryFn: async () => (await call(adminSetupApi.status)).data });
}
