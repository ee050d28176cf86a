import type {
  AddressBodyHeadSchema,
  AddressDeletedSchema,
  AddressIdParamsSchema,
  AddressListSchema,
  AddressSchema,
} from '../schemas/address.ts';
import { endpoint } from './endpoint.ts';

type Address = typeof AddressSchema;

/**
 * The customer's address book (spec section 7, Address; delete is ours, see docs/decisions). 401
 * for guests. The body's head is checked by the route, the rest against the address fields.
 */
export const addressApi = {
  all: endpoint<{ data: typeof AddressListSchema }>('GET', '/api/address/all'),
  add: endpoint<{ body: typeof AddressBodyHeadSchema; data: Address }>('POST', '/api/address/add'),
  update: endpoint<{ params: typeof AddressIdParamsSchema; body: typeof AddressBodyHeadSchema; data: Address }>(
    'PUT',
    '/api/address/update/:id',
  ),
  delete: endpoint<{ params: typeof AddressIdParamsSchema; data: typeof AddressDeletedSchema }>(
    'DELETE',
    '/api/address/delete/:id',
  ),
} as const;
