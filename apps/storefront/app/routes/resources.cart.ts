import { data } from 'react-router';
import { callEndpoint, cartApi, type Cart } from '@shopfront/shared';
import type { Route } from './+types/resources.cart';
import { apiTransport } from '../lib/api.server';
import { logFailure } from '../lib/errors';

/** What the cart fetcher holds: the cart, or null when it could not be read just now. */
export interface CartResource {
  cart: Cart | null;
}

const PERSONAL = { 'Cache-Control': 'private, no-store' };

/**
 * The shopper's cart for the header badge and the drawer, loaded by the `cart` fetcher after
 * hydration (only in a browser that has a cart or a signed-in customer), so browsing pages stay
 * anonymous and cacheable. React Router reloads it after every action.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const { data: cart } = await callEndpoint(apiTransport(context), cartApi.get);
    return data<CartResource>({ cart }, { headers: PERSONAL });
  } catch (err) {
    // The badge and the drawer go on showing what they had; the next focus asks again.
    logFailure('cart lookup failed', err);
    return data<CartResource>({ cart: null }, { status: 503, headers: PERSONAL });
  }
}
