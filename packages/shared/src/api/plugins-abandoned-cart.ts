import type { RestoreCartBodySchema } from '../schemas/abandoned-cart.ts';
import type { CartSchema } from '../schemas/cart.ts';
import { endpoint } from './endpoint.ts';

/** The AbandonedCart plugin (spec section 7): 404 while the plugin is not installed. */
export const abandonedCartApi = {
  /** Copies the reminded cart's lines into the caller's cart; answers that cart, priced. */
  restore: endpoint<{ body: typeof RestoreCartBodySchema; data: typeof CartSchema }>(
    'POST',
    '/api/plugins/AbandonedCart',
  ),
} as const;
