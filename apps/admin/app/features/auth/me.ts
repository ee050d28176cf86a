import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@shopfront/shared';
import { call } from '../../lib/api';

export const ME_KEY = ['me'] as const;

/** The signed-in staff member (GET /api/admin/auth/me). */
export const meQuery = {
  queryKey: ME_KEY,
  queryFn: async () => (await call(adminApi.me)).data,
  staleTime: 5 * 60_000,
};

export function useMe() {
  return useQuery(meQuery);
}
