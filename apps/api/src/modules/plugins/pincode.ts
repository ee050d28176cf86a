import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PincodeCheckSchema,
  PincodeQuerySchema,
  invalidPincodeMessage,
  pincodeApi,
  pincodeMessages,
  postcodePatternOf,
  type PincodeCheck,
} from '@shopfront/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { fieldError, ok } from '../../lib/http.ts';
import { COD, activePaymentMethodsJsonSql, type PaymentMethodRow } from '../payments/methods.ts';
import { cartContextOf } from '../cart/load.ts';
import { offerFor, type CartContext, type ShippingRow } from '../cart/pricing.ts';
import { zonesJsonSql } from '../shipping/service.ts';
import { normalisePostcode, type ZoneRow } from '../shipping/zones.ts';
import { requirePlugin } from './installed.ts';

/**
 * The PincodeAvaliability plugin (spec section 7: GET /api/plugins/PincodeAvaliability/check).
 * Answers from exactly what the checkout offers an address with that postcode in the shop's
 * country: the cart's own `offerFor` (shipping zones, ADR 0023) decides the zone, the shipping
 * methods and whether Cash on Delivery is offered. A zone limited to some states cannot be
 * told from a postcode alone: it is left out here (the checkout still applies it with the state).
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
  zones: ZoneRow[];
  shipping: ShippingRow[];
  payments: PaymentMethodRow[];
}

/** The shop country's code, its active zones, the active shipping and payment methods: one statement. */
async function readRows(db: Db, countryId: number): Promise<PincodeRows> {
  const [row] = await queryRows<PincodeRows>(
    db,
    sql`select (select iso2 from countries where id = ${countryId}) as iso2,
               ${zonesJsonSql(sql`country_id = ${countryId}`)} as zones,
               (select coalesce(json_agg(s order by s.position, s.code), '[]'::json) from (
                  select code, zone_id, name, description, price_minor, free_over_minor, delivery_days_min, delivery_days_max, position
                    from shipping_methods where is_active) s) as shipping,
               ${activePaymentMethodsJsonSql} as payments`,
  );
  return row ?? { iso2: '', zones: [], shipping: [], payments: [] };
}

/**
 * Checks `input` as a postcode of the shop's country: 422 on `pincode` when it does not look like
 * one; otherwise whether the checkout would deliver there, in how many working days (the fastest
 * option's minimum to the default option's maximum) and by which date, and whether Cash on
 * Delivery is offered.
 */
export async function checkPincode(
  db: Db,
  countryId: number,
  input: string,
  ctx: CartContext,
  now = new Date(),
): Promise<PincodeCheck> {
  const rows = await readRows(db, countryId);
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

/** Checks per client address and minute. */
export const PINCODE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** GET /api/plugins/PincodeAvaliability/check. */
export async function pincodeRoutes(app: FastifyInstance) {
  const ctx = cartContextOf(app.env);
  registerEndpoint(
    app,
    pincodeApi.check,
    {
      schemas: { query: PincodeQuerySchema, data: PincodeCheckSchema },
      tags: ['plugins'],
      summary: `PincodeAvaliability: is a postcode of the shop's country served, the delivery estimate in working days (fastest option's minimum to the default option's maximum) with the latest date (YYYY-MM-DD), and whether Cash on Delivery is possible, from the same shipping zones and methods the checkout uses. 422 when the postcode does not fit the country's pattern (India: 6 digits, not starting with 0); 404 when the plugin is not installed; ${PINCODE_RATE_LIMIT.max} checks per ${PINCODE_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: PINCODE_RATE_LIMIT },
    },
    async (req) => {
      await requirePlugin(app.db, 'PincodeAvaliability');
      const shop = await req.shop();
      const result = await checkPincode(app.db, shop.countryId, req.query.pincode, ctx);
      return ok(result, result.message);
    },
  );
}
