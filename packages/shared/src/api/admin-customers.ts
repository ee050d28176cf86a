import type {
  AdminCustomerListQuerySchema,
  AdminCustomerListSchema,
  AdminCustomerParamsSchema,
  AdminCustomerSchema,
  AdminEmptyBodySchema,
  CustomerNoteBodySchema,
} from '../schemas/admin-customers.ts';
import type { AccountDeletionListSchema } from '../schemas/my-data.ts';
import { endpoint } from './endpoint.ts';

type OneCustomer = { params: typeof AdminCustomerParamsSchema; data: typeof AdminCustomerSchema };

/**
 * The owner's customers (issue 25). Writes take the customer page's `version` as the `If-Match`
 * header (`"3"`); a stale one answers 409. Each write answers the customer page again, with its
 * new version (and the `ETag` header).
 */
export const adminCustomersApi = {
  list: endpoint<{ query: typeof AdminCustomerListQuerySchema; data: typeof AdminCustomerListSchema }>(
    'GET',
    '/api/admin/customers',
  ),
  get: endpoint<OneCustomer>('GET', '/api/admin/customers/:id'),
  addNote: endpoint<OneCustomer & { body: typeof CustomerNoteBodySchema }>('POST', '/api/admin/customers/:id/notes'),
  block: endpoint<OneCustomer & { body: typeof AdminEmptyBodySchema }>('POST', '/api/admin/customers/:id/block'),
  unblock: endpoint<OneCustomer & { body: typeof AdminEmptyBodySchema }>('POST', '/api/admin/customers/:id/unblock'),
  /** Accounts their customers deleted, newest first (nothing personal: when, a reference, orders kept). */
  deletions: endpoint<{ data: typeof AccountDeletionListSchema }>('GET', '/api/admin/account-deletions'),
} as const;
