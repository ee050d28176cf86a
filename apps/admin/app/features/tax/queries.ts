import { adminTaxApi } from '@shopfront/shared';
import { call } from '../../lib/api';

/** The shop's tax classes (the Tax screen edits them; the product editor picks one). */
export const taxRatesQuery = {
  queryKey: ['tax', 'rates'] as const,
  queryFn: async () => (await call(adminTaxApi.rates)).data,
};
