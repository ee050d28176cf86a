import type { TaxSellerBodySchema, TaxSellerSchema } from '../schemas/admin-tax.ts';
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
} as const;
