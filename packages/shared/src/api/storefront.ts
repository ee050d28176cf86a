import type { InitialValuesQuerySchema, InitialValuesSchema, StorefrontAllSchema } from '../schemas/storefront.ts';
import { endpoint } from './endpoint.ts';

/** The storefront's settings, plugins and the shell's initial values (spec section 7, Storefront). */
export const storefrontApi = {
  all: endpoint<{ data: typeof StorefrontAllSchema }>('GET', '/api/storefront/all'),
  initialValues: endpoint<{ query: typeof InitialValuesQuerySchema; data: typeof InitialValuesSchema }>(
    'GET',
    '/api/storefront/initial-values',
  ),
} as const;
