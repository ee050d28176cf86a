import {
  CHECKOUT_FIELDS,
  cartMessages,
  checkoutStepOf,
  firstEmptyAddressColumn,
  messages,
  type Cart,
  type CheckoutVerdict,
  type StoreSettingKey,
} from '@shopfront/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError } from '../../lib/http.ts';
import { ADDRESS_FIELDS_SETTING, addressFieldsOf, storeSettingsOf } from '../settings/service.ts';
import { addressProblem } from '../shipping/service.ts';

const ok: CheckoutVerdict = { valid: true };
const fail = (field: string, message: string): CheckoutVerdict => ({
  valid: false,
  step: checkoutStepOf(field),
  field,
  message,
});

/**
 * GET /api/cart/validate[/address] answers a step that is not ready with a status that is not
 * success (spec section 5, step 7): 422, the message, and the message under its field.
 */
export function verdictError(verdict: Extract<CheckoutVerdict, { valid: false }>): HttpError {
  return new HttpError(422, verdict.message, { [verdict.field]: [verdict.message] });
}

/** Spec section 5, cart step: something to buy, all of it in stock, prices accepted. */
function validateCartStep(cart: Cart): CheckoutVerdict {
  if (cart.items.length === 0) return fail(CHECKOUT_FIELDS.items, messages.cartEmpty);
  if (!cart.stock_valid) return fail(CHECKOUT_FIELDS.items, cartMessages.stockChanged);
  if (cart.prices_updated) return fail(CHECKOUT_FIELDS.items, cartMessages.pricesUpdated);
  return ok;
}

/**
 * Spec section 5, address step, in the spec's order: (1) a customer when guest checkout is off,
 * (2) the phone and (3) the e-mail the shop requires, (4) the shipping and (5) the billing
 * address, (6) every required shipping field, then (7) the server's own check of the addresses:
 * countries that exist, states of their countries, a shipping address some zone serves (ADR 0023).
 */
async function validateAddressStep(db: Db, cart: Cart, rules: CheckoutRules): Promise<CheckoutVerdict> {
  const { settings, fields } = rules;
  if (settings.enable_guest_checkout === false && cart.customer_id === null) {
    return fail(CHECKOUT_FIELDS.customer, messages.customerEmpty);
  }
  const phone = cart.phone || cart.shipping_address?.phone;
  const email = cart.email || cart.shipping_address?.email;
  if (settings.order_sms_mandatory && !phone) return fail(CHECKOUT_FIELDS.phone, messages.phoneEmpty);
  if (settings.order_email_mandatory && !email) return fail(CHECKOUT_FIELDS.email, messages.emailEmpty);
  if (!cart.shipping_address) return fail(CHECKOUT_FIELDS.shipping, messages.shippingAddressEmpty);
  if (!cart.billing_address) return fail(CHECKOUT_FIELDS.billing, messages.billingAddressEmpty);
  let empty = firstEmptyAddressColumn(fields.Shipping, { ...cart.shipping_address });
  // A postcode is not asked of a country whose addresses carry none (the UAE).
  if (empty && !cart.shipping_address.postcode && !(await countryHasPostcodes(db, cart.shipping_address.country_id))) {
    empty = firstEmptyAddressColumn(fields.Shipping, { ...cart.shipping_address }, { countryHasPostcodes: false });
  }
  if (empty) return fail(`${CHECKOUT_FIELDS.shipping}.${empty.column}`, empty.message);
  // Only the zones of the cart's channel deliver (ADR 0027).
  const channel = sql`(select channel_id from carts where id = ${cart.cart_session})`;
  const shippingProblem = await addressProblem(db, cart.shipping_address, { delivery: true, channel });
  if (shippingProblem) return fail(CHECKOUT_FIELDS.shipping, shippingProblem);
  const billingProblem = cart.billing_same_as_shipping
    ? null
    : await addressProblem(db, cart.billing_address, { delivery: false });
  if (billingProblem) return fail(CHECKOUT_FIELDS.billing, billingProblem);
  return ok;
}

const countryPostcodesRow = namedQuery<{ has_postcodes: boolean }>()({
  name: 'checkout.country-has-postcodes',
  columns: ['has_postcodes'],
  example: { countryId: 1 },
  build: (p: { countryId: number }) => sql`select has_postcodes from countries where id = ${p.countryId}`,
});

/** countries.has_postcodes; true for a country that does not exist (step 7 reports it). */
async function countryHasPostcodes(db: Db, countryId: number): Promise<boolean> {
  const [row] = await countryPostcodesRow(db, { countryId });
  return row?.has_postcodes ?? true;
}

/** Spec section 5, payment step (after a valid address step). */
function validatePaymentStep(cart: Cart): CheckoutVerdict {
  if (!cart.shipping_method) return fail(CHECKOUT_FIELDS.shippingMethod, messages.shippingMethodEmpty);
  if (!cart.cart_payment_method) return fail(CHECKOUT_FIELDS.paymentMethod, messages.paymentMethodEmpty);
  return ok;
}

/** The store settings the checkout steps obey (besides the address form's definitions). */
const RULE_KEYS = [
  'enable_guest_checkout',
  'order_sms_mandatory',
  'order_email_mandatory',
  'allow_tnc_checkout',
] as const satisfies readonly StoreSettingKey[];

/**
 * SQL: the stored values checkoutRules reads, as one JSON object (key → value; null when none is
 * stored), so a statement that needs more can read them alongside (place-order's settings read).
 */
export const checkoutRulesSql = sql`(select json_object_agg(key, value) from store_settings
  where key in (${sql.join(
    [...RULE_KEYS, ADDRESS_FIELDS_SETTING].map((k) => sql`${k}`),
    sql`, `,
  )}))`;

/** The checkout rules from checkoutRulesSql's object. */
export function checkoutRulesOf(stored: Record<string, unknown> | null) {
  const raw = stored ?? {};
  const picked: Record<string, unknown> = {};
  for (const key of RULE_KEYS) if (key in raw) picked[key] = raw[key];
  return { settings: storeSettingsOf(picked), fields: addressFieldsOf(raw[ADDRESS_FIELDS_SETTING]) };
}

const checkoutRulesRow = namedQuery<{ rules: Record<string, unknown> | null }>()({
  name: 'checkout.rules',
  columns: ['rules'],
  example: {},
  build: () => sql`select ${checkoutRulesSql} as rules`,
});

/** The shop's settings the checkout steps obey (read once; place-order reads them before its transaction). */
export async function checkoutRules(db: Db) {
  const [row] = await checkoutRulesRow(db, {});
  return checkoutRulesOf(row?.rules ?? null);
}
export type CheckoutRules = Awaited<ReturnType<typeof checkoutRules>>;

/** The first step of the checkout that is not ready, with the spec's message. */
export async function validateCheckout(
  db: Db,
  cart: Cart,
  upTo: 'address' | 'payment',
  rules?: CheckoutRules,
): Promise<CheckoutVerdict> {
  const cartStep = validateCartStep(cart);
  if (!cartStep.valid) return cartStep;
  const address = await validateAddressStep(db, cart, rules ?? (await checkoutRules(db)));
  if (!address.valid || upTo === 'address') return address;
  return validatePaymentStep(cart);
}
