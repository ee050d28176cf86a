import { adminApi } from '@shopfront/shared';
import { call } from '../../lib/api';

/** The storefront settings (GET /api/admin/storefront): the Theme and the Opening screens share them. */
export const STOREFRONT_KEY = ['storefront'] as const;
export const storefrontQuery = {
  queryKey: STOREFRONT_KEY,
  queryFn: async () => (await call(adminApi.getStorefront)).data,
};
