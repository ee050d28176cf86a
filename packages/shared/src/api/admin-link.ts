import type { AdminLinkExchangeBodySchema, AdminLinkExchangeResultSchema } from '../schemas/storefront.ts';
import { endpoint } from './endpoint.ts';

/**
 * The Admin Panel link (spec section 2, `/admin/login?token={token}`): public, outside the owner
 * API's staff check, since the link's token is what signs the staff member in.
 */
export const adminLinkApi = {
  exchange: endpoint<{ body: typeof AdminLinkExchangeBodySchema; data: typeof AdminLinkExchangeResultSchema }>(
    'POST',
    '/api/admin/auth/exchange',
  ),
} as const;
