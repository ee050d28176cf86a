import { useQuery } from '@tanstack/react-query';
import { adminCatalogApi } from '@shopfront/shared';
import { call } from '../../lib/api';
import { CATALOG_KEY } from '../catalog/queries';

export const serviceKey = (productId: string) => [...CATALOG_KEY, 'service', productId] as const;

/** A product's service details; null while it is sold as a product. */
export const useServiceDetails = (productId: string) =>
  useQuery({
    queryKey: serviceKey(productId),
    queryFn: async () => (await call(adminCatalogApi.serviceDetails, { params: { id: productId } })).data,
  });
