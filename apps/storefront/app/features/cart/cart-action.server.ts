import { data, redirect } from 'react-router';
import { ApiError, callEndpoint, cartApi, cartMessages, messages, type Cart } from '@shopfront/shared';
import { apiTransport } from '../../lib/api.server';
import { isCrossSite } from '../../lib/cross-site.server';
import { safeReturnPath } from '../../lib/safe-return-path';
import { JS_FIELD, addedLineId, isCartIntent, parseQuantity, type CartActionData, type CartIntent } from './cart-view';
import { customisationFromForm, customisedLineId } from './customisation';
import { logFailure } from '../../lib/errors';

/** Where Buy now lands (spec section 4: it adds the item, then goes to /checkout/address). */
export const BUY_NOW_TARGET = '/checkout/address';

const field = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

function failure(
  intent: CartIntent | null,
  status: number,
  message: string,
  extra: Partial<Extract<CartActionData, { ok: false }>> = {},
) {
  return data<CartActionData>(
    { ok: false, intent, message, errors: {}, lineId: null, chooseVariantUrl: null, ...extra },
    { status },
  );
}

/** The product page a move-to-cart sends the shopper to when a variant must be chosen. */
function productPath(form: FormData, origin: string): string | null {
  const url = field(form, 'product_url');
  if (!url.startsWith('/product/')) return null;
  const safe = safeReturnPath(url, origin);
  return safe.startsWith('/product/') ? safe : null;
}

/**
 * The /cart action: every cart change of the storefront (spec section 7, base /api/cart), made
 * on the server through the contract. A script (the field `_js`) gets the cart back as data; a
 * plain HTML form gets Post/Redirect/Get: /cart, or /checkout/address for Buy now. Failures are
 * answered as data either way, with the server's message and a 422's field errors, so the page
 * shows them beside the field.
 */
export async function cartAction({ request, context }: { request: Request; context: unknown }) {
  if (isCrossSite(request)) return failure(null, 403, messages.forbiddenOrigin);
  const form = await request.formData();
  const rawIntent = form.get('intent');
  if (!isCartIntent(rawIntent)) return failure(null, 400, messages.fallback);
  const intent: CartIntent = rawIntent;
  const script = form.get(JS_FIELD) === '1';
  const origin = new URL(request.url).origin;
  const t = apiTransport(context);
  const productId = field(form, 'product_id');
  const lineId = field(form, 'item_id') || null;

  let cart: Cart;
  let message: string | undefined;
  let landed: string | null = null;
  try {
    switch (intent) {
      case 'add':
      case 'buy-now': {
        // Spec section 5: additonal_data only when the shopper gave text or an image.
        const customisation = customisationFromForm(form);
        ({ data: cart, message } = await callEndpoint(t, cartApi.addItem, {
          body: {
            product_id: productId,
            quantity: parseQuantity(form.get('quantity'), 1),
            ...(customisation ? { additonal_data: customisation } : {}),
          },
        }));
        landed = customisedLineId(cart, productId, customisation);
        break;
      }
      case 'move-to-cart':
        ({ data: cart, message } = await callEndpoint(t, cartApi.moveToCart, {
          body: { product_id: productId, quantity: parseQuantity(form.get('quantity'), 1) },
        }));
        landed = addedLineId(cart, productId);
        break;
      case 'update-qty':
        ({ data: cart, message } = await callEndpoint(t, cartApi.updateQty, {
          body: {
            product_id: productId,
            ...(lineId ? { item_id: lineId } : {}),
            quantity: parseQuantity(form.get('quantity'), Number.NaN),
          },
        }));
        break;
      case 'remove':
        ({ data: cart, message } = await callEndpoint(t, cartApi.removeItem, {
          body: { product_id: productId, ...(lineId ? { item_id: lineId } : {}) },
        }));
        break;
      case 'apply-coupon':
        ({ data: cart, message } = await callEndpoint(t, cartApi.applyCoupon, {
          body: { coupon: field(form, 'coupon') },
        }));
        break;
      case 'remove-coupon': {
        const code = field(form, 'coupon');
        ({ data: cart, message } = await callEndpoint(t, cartApi.removeCoupon, { body: code ? { coupon: code } : {} }));
        break;
      }
      case 'accept-prices':
        ({ data: cart, message } = await callEndpoint(t, cartApi.updateItemsPrice, { body: {} }));
        break;
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // A product with several variants cannot be moved as a whole: its page asks which one.
    if (intent === 'move-to-cart' && err.status === 422 && err.message === cartMessages.chooseVariant) {
      const target = productPath(form, origin);
      if (target) {
        if (!script) return redirect(target, 303);
        return failure(intent, 422, err.message, { chooseVariantUrl: target });
      }
    }
    if (err.status === 0 || err.status >= 500) {
      logFailure(`cart ${intent} failed`, err);
      return failure(intent, err.status || 503, err.status === 0 ? err.message : messages.unexpected, { lineId });
    }
    return failure(intent, err.status, err.message, { errors: err.errors, lineId });
  }

  if (intent === 'buy-now') return redirect(BUY_NOW_TARGET, 303);
  if (!script) return redirect('/cart', 303);
  return data<CartActionData>({ ok: true, intent, cart, message: message ?? null, addedLineId: landed });
}
