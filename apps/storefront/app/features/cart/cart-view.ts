import { API_CART_COOKIE, type Cart, type CartItem } from '@shopfront/shared';
import { readCookie } from '../../lib/cookies';

/**
 * Pure helpers of the cart UI: which line an add landed on, what the stepper shows while a change
 * is on its way, what needs the shopper's attention. Types only from the contract (ADR 0010: no
 * schema module, so no zod, reaches a browsing page through here).
 */

/** What a cart form asks the /cart action to do. */
export const CART_INTENTS = [
  'add',
  'buy-now',
  'update-qty',
  'remove',
  'apply-coupon',
  'remove-coupon',
  'accept-prices',
  'move-to-cart',
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export function isCartIntent(value: unknown): value is CartIntent {
  return typeof value === 'string' && (CART_INTENTS as readonly string[]).includes(value);
}

/** Where every cart form posts (routes/cart.tsx action). */
export const CART_ACTION = '/cart';
/** The drawer's and badge's read of the cart (routes/resources.cart.ts loader). */
export const CART_RESOURCE = '/resources/cart';
/** The one fetcher that holds the shopper's cart on every page. */
export const CART_FETCHER_KEY = 'cart';
/** Tabs of this browser tell each other here that the cart changed. */
export const CART_CHANNEL = 'shopfront:cart';
/** Hidden field present only when JavaScript submitted the form: the action then answers data, not a redirect. */
export const JS_FIELD = '_js';

/** What the /cart action answers a script (without JavaScript it redirects on success). */
export type CartActionData =
  | {
      ok: true;
      intent: CartIntent;
      cart: Cart;
      message: string | null;
      /** The line an add or move-to-cart landed on (highlighted in the drawer). */
      addedLineId: string | null;
    }
  | {
      ok: false;
      intent: CartIntent | null;
      message: string;
      /** A 422's field errors (coupon, quantity, product_id …). */
      errors: Record<string, string[]>;
      /** The line the failed change was about, if any. */
      lineId: string | null;
      /** Move to cart of a product with several variants: choose one on its page first. */
      chooseVariantUrl: string | null;
    };

/** True when this browser has a cart (the API's readable flag cookie). */
export function hasCartCookie(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, API_CART_COOKIE) !== undefined;
}

/**
 * The line an add landed on: the variant's line with the same customisation text (several lines
 * may hold one variant with different customisation), else the variant's first line.
 */
export function addedLineId(cart: Pick<Cart, 'items'>, productId: string, customText?: string | null): string | null {
  const lines = cart.items.filter((l) => l.product_id === productId || l.product.id === productId);
  if (!lines.length) return null;
  const text = customText?.trim() || null;
  const same = lines.find((l) => (l.additonal_data?.custom_text?.trim() || null) === text);
  return (same ?? lines[0]!).id;
}

/** A fetcher as useFetchers() reports it, reduced to what a pending cart change needs. */
export interface PendingSubmission {
  formAction?: string | undefined;
  formData?: FormData | undefined;
}

/**
 * Quantities the shopper has asked for but the server has not confirmed yet (the optimistic
 * stepper): line id → quantity, 0 for a line being removed.
 */
export function pendingLineQuantities(submissions: readonly PendingSubmission[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const s of submissions) {
    if (!s.formData || !s.formAction) continue;
    if (new URL(s.formAction, 'http://x').pathname !== CART_ACTION) continue;
    const intent = s.formData.get('intent');
    const line = s.formData.get('item_id');
    if (typeof line !== 'string' || !line) continue;
    if (intent === 'remove') out.set(line, 0);
    else if (intent === 'update-qty') {
      const q = Number(s.formData.get('quantity'));
      if (Number.isInteger(q) && q >= 0) out.set(line, q);
    }
  }
  return out;
}

/** Whether any cart change is on its way (the spec's updating flag). */
export function isCartUpdating(submissions: readonly PendingSubmission[]): boolean {
  return submissions.some(
    (s) => s.formAction !== undefined && new URL(s.formAction, 'http://x').pathname === CART_ACTION,
  );
}

/** Total quantity as the shopper should see it now: the server's, with pending changes applied. */
export function displayedCount(cart: Pick<Cart, 'items'> | null, pending: ReadonlyMap<string, number>): number {
  if (!cart) return 0;
  return cart.items.reduce((sum, l) => sum + (pending.get(l.id) ?? l.quantity), 0);
}

/** The bounds of one line's stepper. */
export function stepperBounds(line: Pick<CartItem, 'quantity' | 'max_quantity'>, maxLineQuantity: number) {
  const max = Math.max(0, Math.min(line.max_quantity, maxLineQuantity));
  const canIncrease = line.quantity < max;
  /** Why + is off, shown under the stepper (a touch screen has no tooltip). */
  const limit =
    canIncrease || max === 0 || line.quantity > max
      ? null
      : line.max_quantity < maxLineQuantity
        ? `Only ${max} in stock`
        : `You can buy up to ${max} of this item`;
  return { canDecrease: line.quantity > 1, canIncrease, max, limit };
}

/** A line that asks for more than there is: how to fix it. */
export type LineFix = { kind: 'reduce'; quantity: number } | { kind: 'remove' };

export function lineFix(line: Pick<CartItem, 'quantity' | 'max_quantity' | 'out_of_stock'>): LineFix | null {
  if (!line.out_of_stock) return null;
  return line.max_quantity > 0 && line.max_quantity < line.quantity
    ? { kind: 'reduce', quantity: line.max_quantity }
    : { kind: 'remove' };
}

/** What stands between the cart and the address step (spec section 5 and the cart store flags). */
export interface CartReadiness {
  empty: boolean;
  /** The prices-updated flag: some price changed since it was added. */
  pricesChanged: boolean;
  /** Lines that ask for more than there is (the out-of-stock items). */
  shortLines: CartItem[];
  /** stock-valid and no price to accept: Continue may go on. */
  canContinue: boolean;
  /** Why Continue is disabled, or null. */
  blocker: string | null;
}

export const EMPTY_CART_TEXT = 'Your cart is empty';

export function cartReadiness(cart: Pick<Cart, 'items' | 'prices_updated' | 'stock_valid' | 'out_of_stock_items'>) {
  const empty = cart.items.length === 0;
  const ids = new Set(cart.out_of_stock_items);
  const shortLines = cart.items.filter((l) => l.out_of_stock || ids.has(l.id));
  const pricesChanged = cart.prices_updated || cart.items.some((l) => l.price_changed);
  const stockValid = cart.stock_valid && shortLines.length === 0;
  const blocker = empty
    ? EMPTY_CART_TEXT
    : !stockValid
      ? 'Some items are not available in the quantity you chose: fix them above to continue.'
      : pricesChanged
        ? 'Some prices have changed: accept the new prices to continue.'
        : null;
  return { empty, pricesChanged, shortLines, canContinue: blocker === null, blocker } satisfies CartReadiness;
}

/**
 * "Indigo / M": the variant's title (in the product's option order, as its page shows it), else
 * its option values (a jsonb object keeps no order); '' for a product without options.
 */
export function variantText(line: Pick<CartItem, 'variant'>): string {
  const title = line.variant.title.trim();
  if (title && title.toLowerCase() !== 'default') return title;
  return Object.values(line.variant.options).filter(Boolean).join(' / ');
}

/** A whole number of units from a form field, or NaN (the API answers the field's message). */
export function parseQuantity(value: FormDataEntryValue | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  if (typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value)) return Number.NaN;
  return Number(value);
}
