import { sql } from 'drizzle-orm';
import { invalidPincodeMessage, pincodeMessages, postcodePatternOf, type PincodeCheck } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { namedQuery } from '../../db/named-query.ts';
import { HttpError, fieldError } from '../../lib/http.ts';
import { offerFor, type CartContext, type ShippingRow } from '../cart/pricing.ts';
import { COD, activePaymentMethodsJsonSql, type PaymentMethodRow } from '../../db/payment-methods.ts';
import { activeShippingMethodsJsonSql, zonesJsonSql } from '../shipping/service.ts';
import { normalisePostcode, type ZoneRow } from '../shipping/zones.ts';

/**
 * The PincodeAvaliability plugin (spec section 7: GET /api/plugins/PincodeAvaliability/check).
 * Answers from exactly what the checkout offers an address with that postcode in the shop's
 * country: the cart's own `offerFor` (shipping zones, ADR 0023) decides the zone, the shipping
 * methods and whether Cash on Delivery is offered. A zone limited to some states cannot be
 * told from a postcode alone: it is left out here (the checkout still applies it with the state).
 * A country whose addresses have no postcode (countries.has_postcodes false: the UAE) has no
 * check at all.
 */

const DAY_MS = 86_400_000;

/** YYYY-MM-DD, `days` working days (Monday to Saturday) after `from` (UTC dates). */
export function addWorkingDays(from: Date, days: number): string {
  let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let left = days; left > 0;) {
    t += DAY_MS;
    if (new Date(t).getUTCDay() !== 0) left--;
  }
  return new Date(t).toISOString().slice(0, 10);
}

interface PincodeRows {
  iso2: string;
  has_postcodes: boolean;
  zones: ZoneRow[];
  shipping: ShippingRow[];
  payments: PaymentMethodRow[];
}

const pincodeRows = namedQuery<PincodeRows>()({
  name: 'plugins.pincode.rows',
  columns: ['iso2', 'has_postcodes', 'zones', 'shipping', 'payments'],
  example: { countryId: 1 },
  build: ({ countryId }: { countryId: number }) =>
    sql`select co.iso2, co.has_postcodes,
               ${zonesJsonSql(sql`country_id = ${countryId}`)} as zones,
               ${activeShippingMethodsJsonSql} as shipping,
               ${activePaymentMethodsJsonSql} as payments
          from countries co where co.id = ${countryId}`,
});

/** The shop country (code, whether it has postcodes), its active zones, the active shipping and payment methods: one statement. */
async function readRows(db: Db, countryId: number): Promise<PincodeRows> {
  const [row] = await pincodeRows(db, { countryId });
  return row ?? { iso2: '', has_postcodes: true, zones: [], shipping: [], payments: [] };
}

/**
 * Checks `input` as a postcode of the shop's country: 404 when the country has no postcodes; 422
 * on `pincode` when it does not look like one; otherwise whether the checkout would deliver there,
 * in how many working days (the fastest option's minimum to the default option's maximum) and by
 * which date, and whether Cash on Delivery is offered.
 */
export async function checkPincode(
  db: Db,
  countryId: number,
  input: string,
  ctx: CartContext,
  now = new Date(),
): Promise<PincodeCheck> {
  const rows = await readRows(db, countryId);
  if (!rows.has_postcodes) throw new HttpError(404, pincodeMessages.noPostcodes);
  const trimmed = input.trim();
  if (!postcodePatternOf(rows.iso2).test(trimmed)) throw fieldError('pincode', invalidPincodeMessage(rows.iso2));
  const pincode = normalisePostcode(trimmed);
  const offer = offerFor(
    { country_id: countryId, state_id: null, postcode: pincode },
    { zones: rows.zones, shipping: rows.shipping, payments: rows.payments, country_id: countryId },
    ctx,
  );
  const zone = offer.zone;
  if (!zone || offer.shipping.length === 0) {
    return { pincode, serviceable: false, delivery: null, cod: false, message: pincodeMessages.notServed(pincode) };
  }
  const cod = offer.payments.some((p) => p.code === COD);
  const mins = offer.shipping.map((s) => s.delivery_days_min ?? zone.delivery_days_min);
  const first = offer.shipping[0]!;
  const min = Math.min(...mins);
  const max = Math.max(min, first.delivery_days_max ?? zone.delivery_days_max);
  return {
    pincode,
    serviceable: true,
    delivery: { min_days: min, max_days: max, by: addWorkingDays(now, max) },
    cod,
    message: pincodeMessages.served(pincode, min, max, cod),
  };
}
