import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';

/**
 * The owner's shipping (issue 26, area `settings`: owner, manager): zones (country, states,
 * postcode ranges, Cash on Delivery and its fee, delivery days) and their methods (flat rate,
 * free above, delivery days). Amounts are integer minor units of the primary channel's currency
 * (ADR 0027), never negative. An edit sends the whole zone or method with `If-Match: <version>`.
 * The checkout, the cart and the pincode check read these tables on every request (ADR 0023).
 */

export const SHIPPING_AMOUNT_MAX_MINOR = 100_000_000;
export const SHIPPING_DAYS_MAX = 90;
/** Postcode ranges one zone may list. */
export const SHIPPING_RANGES_MAX = 200;

export const adminShippingMessages = {
  zoneNotFound: 'Shipping zone not found',
  methodNotFound: 'Shipping method not found',
  name: 'A name is 1 to 100 characters',
  country: 'Choose the country this zone delivers to',
  unknownCountry: 'There is no such country',
  stateNotInCountry: (country: string) => `This state is not one of ${country}’s`,
  rangeShape: (range: string) => `“${range}”: write a postcode or a range such as 560001-560099`,
  rangeBackwards: (range: string) => `“${range}”: the first postcode is above the last`,
  rangeLengths: (range: string) => `“${range}”: both ends of a range have the same number of digits`,
  rangeLetters: (range: string) => `“${range}”: a range is digits only; write a postcode with letters on its own`,
  rangeDigits: (range: string, country: string, digits: number) =>
    `“${range}”: a postcode in ${country} is ${digits} digits`,
  rangesTooMany: `A zone lists at most ${SHIPPING_RANGES_MAX} postcode ranges`,
  noPostcodes: (country: string) => `Addresses in ${country} have no postcode: leave this empty`,
  amount: 'An amount is 0 or more, in whole paise (cents)',
  amountMax: `An amount is at most ${(SHIPPING_AMOUNT_MAX_MINOR / 100).toLocaleString('en-IN')}`,
  freeAbove: 'Free above is an amount above 0, or empty for never free',
  days: `Days are a whole number from 0 to ${SHIPPING_DAYS_MAX}`,
  daysOrder: 'The most days cannot be fewer than the fewest',
  daysBoth: 'Give both the fewest and the most days, or neither (then the zone’s days apply)',
  unknownZone: 'There is no shipping zone with this id',
  stale: (what: 'zone' | 'method') =>
    `This shipping ${what} was changed by someone else since you opened it. Reload it and try again`,
  ifMatch: 'The If-Match header must be the version of the shipping zone or method you read, such as 3',
  orderChanged: 'The list changed since you opened it (a zone or method was added or removed). Reload and try again',
  zoneCreated: 'Shipping zone added',
  zoneSaved: 'Shipping zone saved',
  zoneDeleted: (methods: number) =>
    `Shipping zone deleted${methods ? `, with its ${methods} ${methods === 1 ? 'method' : 'methods'}` : ''}`,
  methodCreated: 'Shipping method added',
  methodSaved: 'Shipping method saved',
  methodDeleted: 'Shipping method deleted',
  reordered: 'Order saved',
} as const;
const msg = adminShippingMessages;

const whole = (min: number, max: number, error: string, maxError = messages.atMost(max)) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error: maxError });

const amount = whole(0, SHIPPING_AMOUNT_MAX_MINOR, msg.amount, msg.amountMax);
const days = whole(0, SHIPPING_DAYS_MAX, msg.days);
const name = plainText(z.string({ error: msg.name }).trim().min(1, { error: msg.name }).max(100, { error: msg.name }));

/** A postcode range as stored (shipping/zones.ts PostcodeRange): inclusive, ends normalised. */
export interface ShippingPostcodeRange {
  from: string;
  to: string;
}

/** Upper case without spaces: how a range's ends are stored (the cart compares them so). */
const tidy = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * "560001-560099, 110001" as ranges, or the message for the first piece that is not one: the
 * ends' shape (2–10 letters or digits), the same number of digits at both ends, from ≤ to, and
 * letters only in a single postcode (a range of them would match only its ends). Pieces are
 * separated by commas, semicolons or new lines; a single postcode is a range from itself to itself.
 */
export function parsePostcodeRanges(text: string): { ranges: ShippingPostcodeRange[] } | { error: string } {
  const ranges: ShippingPostcodeRange[] = [];
  for (const raw of text.split(/[,;\n]+/)) {
    const piece = raw.trim();
    if (!piece) continue;
    const ends = piece.split(/\s*[-–]\s*/).map(tidy);
    if (ends.length > 2 || ends.some((e) => !/^[A-Z0-9]{2,10}$/.test(e))) return { error: msg.rangeShape(piece) };
    const [from, to = from] = ends as [string, string?];
    if (from !== to) {
      if (!/^\d+$/.test(from) || !/^\d+$/.test(to)) return { error: msg.rangeLetters(piece) };
      if (from.length !== to.length) return { error: msg.rangeLengths(piece) };
      if (from > to) return { error: msg.rangeBackwards(piece) };
    }
    ranges.push({ from, to });
  }
  if (ranges.length > SHIPPING_RANGES_MAX) return { error: msg.rangesTooMany };
  return { ranges };
}

/** Ranges as the owner types them: "560001-560099, 110001". */
export const formatPostcodeRanges = (ranges: readonly ShippingPostcodeRange[]): string =>
  ranges.map((r) => (r.from === r.to ? r.from : `${r.from}-${r.to}`)).join(', ');

const daysPair = (
  c: { delivery_days_min: unknown; delivery_days_max: unknown },
  ctx: z.RefinementCtx,
  bothOrNeither: boolean,
) => {
  const [lo, hi] = [c.delivery_days_min, c.delivery_days_max];
  if (bothOrNeither && (lo === null) !== (hi === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [lo === null ? 'delivery_days_min' : 'delivery_days_max'],
      message: msg.daysBoth,
    });
    return;
  }
  if (Number.isInteger(lo) && Number.isInteger(hi) && (hi as number) < (lo as number)) {
    ctx.addIssue({ code: 'custom', path: ['delivery_days_max'], message: msg.daysOrder });
  }
};

/** POST /api/admin/shipping/zones and PUT /api/admin/shipping/zones/:id (the whole zone). */
export const AdminShippingZoneBodySchema = z
  .object({
    name,
    country_id: whole(1, 2_147_483_647, msg.country),
    /** States the zone covers (of its country); empty: the whole country. */
    state_ids: z
      .array(whole(1, 2_147_483_647, messages.fallback))
      .max(100, { error: messages.atMost(100) })
      .default([]),
    /** "560001-560099, 110001"; empty: every postcode. Checked against the country's postcodes by the API. */
    postcodes: z
      .string({ error: messages.fallback })
      .max(10_000, { error: messages.maxLength(10_000) })
      .superRefine((text, ctx) => {
        const parsed = parsePostcodeRanges(text);
        if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      })
      .default(''),
    cod_available: z.boolean({ error: messages.fallback }).default(true),
    /** Added to a Cash on Delivery order's total. */
    cod_fee_minor: amount.default(0),
    delivery_days_min: days,
    delivery_days_max: days,
    is_active: z.boolean({ error: messages.fallback }).default(true),
  })
  .superRefine((c, ctx) => daysPair(c, ctx, false), { when: () => true });
export type AdminShippingZoneBody = z.output<typeof AdminShippingZoneBodySchema>;
export type AdminShippingZoneInput = z.input<typeof AdminShippingZoneBodySchema>;

/** POST /api/admin/shipping/methods and PUT /api/admin/shipping/methods/:code (the whole method). */
export const AdminShippingMethodBodySchema = z
  .object({
    /** The zone it serves; null: every zone. */
    zone_id: whole(1, 2_147_483_647, msg.unknownZone).nullable(),
    name,
    /** What shoppers read under the name at checkout. */
    description: plainText(
      z
        .string({ error: messages.fallback })
        .trim()
        .max(200, { error: messages.maxLength(200) }),
    ).default(''),
    price_minor: amount,
    /** Free when the goods (after the coupon) reach this; null: never free. */
    free_over_minor: whole(1, SHIPPING_AMOUNT_MAX_MINOR, msg.freeAbove, msg.amountMax).nullable().default(null),
    /** This method's own estimate; both null: the zone's days. */
    delivery_days_min: days.nullable().default(null),
    delivery_days_max: days.nullable().default(null),
    is_active: z.boolean({ error: messages.fallback }).default(true),
  })
  .superRefine((c, ctx) => daysPair(c, ctx, true), { when: () => true });
export type AdminShippingMethodBody = z.output<typeof AdminShippingMethodBodySchema>;
export type AdminShippingMethodInput = z.input<typeof AdminShippingMethodBodySchema>;

export const AdminShippingZoneParamsSchema = z.object({
  id: z.coerce
    .number({ error: msg.zoneNotFound })
    .int({ error: msg.zoneNotFound })
    .min(1, { error: msg.zoneNotFound })
    .max(2_147_483_647, { error: msg.zoneNotFound }),
});

export const AdminShippingMethodParamsSchema = z.object({
  code: z.string({ error: msg.methodNotFound }).regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: msg.methodNotFound }),
});

/** PUT /api/admin/shipping/zones/order: every zone's id, in the order addresses are matched. */
export const AdminShippingZoneOrderSchema = z.object({
  ids: z
    .array(whole(1, 2_147_483_647, messages.fallback))
    .min(1)
    .max(500, { error: messages.atMost(500) }),
});

/** PUT /api/admin/shipping/methods/order: the methods of one zone (null: of every zone), in the order offered. */
export const AdminShippingMethodOrderSchema = z.object({
  zone_id: whole(1, 2_147_483_647, msg.unknownZone).nullable(),
  codes: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: msg.methodNotFound }))
    .min(1)
    .max(500, { error: messages.atMost(500) }),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const AdminShippingMethodSchema = z.object({
  code: z.string(),
  zone_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  price_minor: z.number().int(),
  free_over_minor: z.number().int().nullable(),
  delivery_days_min: z.number().int().nullable(),
  delivery_days_max: z.number().int().nullable(),
  position: z.number().int(),
  is_active: z.boolean(),
  version: z.number().int(),
});
export type AdminShippingMethod = z.infer<typeof AdminShippingMethodSchema>;

export const AdminShippingZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_id: z.number().int(),
  state_ids: z.array(z.number().int()),
  postcode_ranges: z.array(z.object({ from: z.string(), to: z.string() })),
  /** The ranges as the owner types them. */
  postcodes: z.string(),
  cod_available: z.boolean(),
  cod_fee_minor: z.number().int(),
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
  position: z.number().int(),
  is_active: z.boolean(),
  version: z.number().int(),
  /**
   * The currency its amounts are in: that of the channel selling in its country (ADR 0027), else
   * the primary channel's.
   */
  currency: z.string(),
  /** Its own methods, in the order offered. */
  methods: z.array(AdminShippingMethodSchema),
});
export type AdminShippingZone = z.infer<typeof AdminShippingZoneSchema>;

export const AdminShippingCountrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iso2: z.string(),
  has_postcodes: z.boolean(),
  postcode_digits: z.number().int().nullable(),
  /** The currency a zone here is priced in (as AdminShippingZone.currency). */
  currency: z.string(),
  states: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminShippingCountry = z.infer<typeof AdminShippingCountrySchema>;

/** GET /api/admin/shipping: everything the screen shows. */
export const AdminShippingSchema = z.object({
  /** The primary channel's currency: the every-zone methods' amounts (each zone says its own). */
  currency: z.string(),
  /** In the order an address is matched against them (the first that covers it wins). */
  zones: z.array(AdminShippingZoneSchema),
  /** Methods offered in every zone (zone_id null), after each zone's own. */
  every_zone_methods: z.array(AdminShippingMethodSchema),
  /** The countries a zone can be in, with their states. */
  countries: z.array(AdminShippingCountrySchema),
});
export type AdminShipping = z.infer<typeof AdminShippingSchema>;

export const AdminShippingZoneDeletedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** How many methods went with it. */
  methods_deleted: z.number().int(),
});

export const AdminShippingMethodDeletedSchema = z.object({ code: z.string(), name: z.string() });
