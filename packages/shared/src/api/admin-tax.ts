import type {
  TaxRateBodySchema,
  TaxRateKeyParamsSchema,
  TaxRateSchema,
  TaxRatesSchema,
  TaxSellerBodySchema,
  TaxSellerSchema,
} from '../schemas/admin-tax.ts';
import { endpoint } from './endpoint.ts';

/**
 * Tax (issue 26): the seller printed on tax invoices. Area `settings` (owner and manager; 403
 * for packers and content editors); 422 with field messages for bad input.
 */
export const adminTaxApi = {
  seller: endpoint<{ data: typeof TaxSellerSchema }>('GET', '/api/admin/tax/seller'),
  saveSeller: endpoint<{ body: typeof TaxSellerBodySchema; data: typeof TaxSellerSchema }>(
    'PUT',
    '/api/admin/tax/seller',
  ),
  /** The tax classes with their rates, standard first. */
  rates: endpoint<{ data: typeof TaxRatesSchema }>('GET', '/api/admin/tax/rates'),
  addRate: endpoint<{ body: typeof TaxRateBodySchema; data: typeof TaxRateSchema }>('POST', '/api/admin/tax/rates'),
  /** If-Match: the class's version (409 when it changed since). */
  saveRate: endpoint<{
    params: typeof TaxRateKeyParamsSchema;
    body: typeof TaxRateBodySchema;
    data: typeof TaxRateSchema;
  }>('PUT', '/api/admin/tax/rates/:key'),
  /** 409 while products use it; the standard class is never deleted. */
  deleteRate: endpoint<{ params: typeof TaxRateKeyParamsSchema; data: typeof TaxRatesSchema }>(
    'DELETE',
    '/api/admin/tax/rates/:key',
  ),
} as const;
