import type { Cart, PaymentNext } from '@shopfront/shared';

/**
 * What the payment step and the order-result pages share between their actions (server-only
 * modules) and their components: intents, field names and answers. Types only from the contract
 * (no schema module reaches the browser through here).
 */

/** What a form of the payment step asks its action to do. */
export const PAYMENT_INTENTS = ['shipping', 'payment', 'place-order'] as const;
export type PaymentIntent = (typeof PAYMENT_INTENTS)[number];

export function isPaymentIntent(value: unknown): value is PaymentIntent {
  return typeof value === 'string' && (PAYMENT_INTENTS as readonly string[]).includes(value);
}

/** Hidden field of the Place order form: one key per rendering, so a double submit or a retry reuses it. */
export const IDEMPOTENCY_FIELD = 'idempotency_key';
/** Hidden field: the grand total (minor units) the shopper saw on the button. */
export const CONFIRMED_TOTAL_FIELD = 'confirmed_total';
/** The terms checkbox (a ticked box posts "on"). */
export const TERMS_FIELD = 'accept_terms';
/** Posted beside the checkbox when the page offers it, so an unticked box is told from "not asked". */
export const TERMS_OFFERED_FIELD = '_terms_offered';

/** The delivery option's radios (they belong to the Place order form: without JavaScript it posts them). */
export const SHIPPING_MODE_FIELD = 'shipping_method';
/** The payment method's radios, posted with Place order like the delivery option's. */
export const PAYMENT_MODE_FIELD = 'payment_method';

/** Said instead of placing the order when the choices just posted changed the total the shopper saw. */
export const CHECK_TOTAL = 'Check the total, then place your order.';

/** The id of the Place order form (the mobile bar's button submits it with `form=`). */
export const PLACE_ORDER_FORM_ID = 'place-order-form';

/** Said when the provider's checkout could not be opened (its script blocked or unreachable). */
export const PAYMENT_UNUSABLE = 'The payment page could not be opened. Please try again or choose another way to pay.';
/** Said to a browser without JavaScript for a provider whose checkout runs in the page. */
export const PAYMENT_NEEDS_SCRIPT = 'This way to pay needs JavaScript. Please choose another one.';

/** The accessible text of the payment-processing popup while the gateway opens. */
export const PROCESSING_TEXT = 'Taking you to the secure payment page…';

/** What the payment step's action answers a script (a plain form gets Post/Redirect/Get). */
export type PaymentStepResult =
  | { ok: true; intent: 'shipping' | 'payment'; message: string | null }
  /** The order is placed (or its payment retried): where the browser goes next. */
  | { ok: true; intent: 'place-order'; next: PaymentNext; orderId: string; orderNo: string }
  | {
      ok: false;
      intent: PaymentIntent | null;
      message: string;
      /** A 422's field errors (mode, accept_terms, confirmed_total …). */
      errors: Record<string, string[]>;
      /** The total changed (409): the page shows the new one after reloading. */
      totalChanged: boolean;
      /** What a plain Place order posted (its radios and the terms tick), shown again as chosen. */
      kept?: { shipping: string; payment: string; terms: boolean };
    };

/** Whether the cart's chosen payment method is paid on a provider's page (an online one). */
export function paysOnline(cart: Pick<Cart, 'cart_payment_method' | 'cart_payment_methods'>): boolean {
  const chosen = cart.cart_payment_method?.code;
  return cart.cart_payment_methods.some((p) => p.code === chosen && p.kind === 'online');
}

/** Whether the cart's chosen payment method is paid when the order arrives (an offline one: Cash on Delivery). */
export function paysOffline(cart: Pick<Cart, 'cart_payment_method' | 'cart_payment_methods'>): boolean {
  const chosen = cart.cart_payment_method?.code;
  return cart.cart_payment_methods.some((p) => p.code === chosen && p.kind !== 'online');
}

/** "Arrives in 3–5 days" from a delivery option's estimate; null when it has none. */
export function deliveryDaysText(m: {
  delivery_days_min: number | null;
  delivery_days_max: number | null;
}): string | null {
  const { delivery_days_min: min, delivery_days_max: max } = m;
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max) {
    const days = (max ?? min)!;
    return `Arrives in ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  return `Arrives in ${min}–${max} days`;
}

/** One choice of the payment step's radio groups (a delivery option, a payment method). */
export interface StepOption {
  code: string;
  name: string;
  description: string;
  /** Beside the name: the option's price ('Free'), a method's fee ('+ ₹49.00'). */
  price?: string;
}

/** The cart's delivery options as choices: their description, else the days they take. */
export function shippingOptionsOf(cart: Pick<Cart, 'shipping_methods'>): StepOption[] {
  return cart.shipping_methods.map((m) => ({
    code: m.code,
    name: m.name,
    // The days, unless the shop's own description already says how long it takes.
    description: m.description || deliveryDaysText(m) || '',
    price: m.price.amount === 0 ? 'Free' : m.price.formatted,
  }));
}

/** The cart's payment methods as choices, a fee beside the method that has one. */
export function paymentOptionsOf(cart: Pick<Cart, 'cart_payment_methods'>): StepOption[] {
  return cart.cart_payment_methods.map((p) => ({
    code: p.code,
    name: p.name,
    description: p.description,
    ...(p.fee.amount > 0 ? { price: `+ ${p.fee.formatted}` } : {}),
  }));
}

/**
 * Where the browser should go for an answer of place-order or process-payment: a page of this
 * shop (path), or the provider's page (an absolute http(s) URL or a path of the API). Anything
 * else is refused (null): a provider never sends the shopper to a javascript: URL.
 */
export function nextLocation(next: PaymentNext): string | null {
  const target = next.type === 'redirect' ? next.url : next.type === 'client' ? null : next.path;
  if (!target) return null;
  if (target.startsWith('/') && !target.startsWith('//')) return target;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
