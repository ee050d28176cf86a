import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Cart } from '@shopfront/shared';
import { HttpError, fieldError, ok } from '../../lib/http.ts';
import type { CartOwner } from '../../lib/cart-owner.ts';
import { cartContextOf, loadCart, loadCartRow, ownedCartId, type CartRow } from './load.ts';
import { emptyCart } from './pricing.ts';
import { findCartId } from './service.ts';

/**
 * What the cart's and the checkout steps' endpoints answer with (ADR 0020): every answer is the
 * whole priced cart, so a client replaces its copy with it.
 */
export function cartAnswers(app: FastifyInstance) {
  const db = app.db;
  // The online payment providers this process can take payments with (ADR 0023).
  const ctx = cartContextOf(app.env);

  /** The owner's priced cart, or an empty one (reading never creates a cart). */
  const current = async (req: FastifyRequest, owner: CartOwner): Promise<Cart> =>
    (await loadCart(db, ownedCartId(owner), ctx)) ?? emptyCart((await req.shop()).currency, owner.customerId);

  /** The owner's cart id; a change to a cart that does not exist is refused with `message`. */
  const existing = async (owner: CartOwner, field: string, message: string): Promise<string> => {
    const id = await findCartId(db, owner);
    if (!id) throw fieldError(field, message);
    return id;
  };

  /** The owner's cart as the cart view reads it (one statement); refused with `message` when there is none. */
  const existingRow = async (owner: CartOwner, field: string, message: string): Promise<CartRow> => {
    const row = await loadCartRow(db, ownedCartId(owner));
    if (!row) throw fieldError(field, message);
    return row;
  };

  /** The cart after a change, with the change's message. */
  const answer = async (cartId: string, message?: string) => {
    const cart = await loadCart(db, cartId, ctx);
    if (!cart) throw new HttpError(409, 'Your cart has changed. Please reload it and try again');
    return ok(cart, message);
  };

  return { ctx, current, existing, existingRow, answer };
}
