import { COD } from '../../db/payment-methods.ts';

/**
 * Shipping zones (ADR 0023): which zone an address belongs to. Pure functions over rows that the
 * cart read and the address check load in one statement each.
 */

/** A postcode range of a zone, inclusive at both ends. */
export interface PostcodeRange {
  from: string;
  to: string;
}

/** A shipping zone as read from the database. */
export interface ZoneRow {
  id: number;
  name: string;
  country_id: number;
  /** States the zone covers; empty: every state of the country. */
  state_ids: number[];
  /** Postcodes the zone covers; empty: every postcode. */
  postcode_ranges: PostcodeRange[];
  cod_available: boolean;
  cod_fee_minor: number;
  delivery_days_min: number;
  delivery_days_max: number;
  position: number;
  is_active: boolean;
}

/** What of an address decides its zone. */
export interface ZoneAddress {
  country_id: number;
  state_id: number | null;
  postcode: string;
}

/** Upper case without spaces or hyphens: "sw1a 1aa" and "SW1A1AA" are one postcode. */
export function normalisePostcode(postcode: string): string {
  return postcode.replace(/[\s-]+/g, '').toUpperCase();
}

const DIGITS = /^\d+$/;

/**
 * Whether `postcode` lies in `range`. Digit postcodes compare as numbers against digit ends of
 * the same length (560001–560099); anything else (letters, or lengths that differ) matches only
 * an end it equals, so a single non-numeric postcode is written as a range from itself to itself.
 */
export function postcodeInRange(postcode: string, range: PostcodeRange): boolean {
  const p = normalisePostcode(postcode);
  const from = normalisePostcode(range.from);
  const to = normalisePostcode(range.to || range.from);
  if (!p) return false;
  if (DIGITS.test(p) && DIGITS.test(from) && DIGITS.test(to) && p.length === from.length && p.length === to.length) {
    // Same-length digit strings compare like their numbers, without any precision limit.
    return from <= p && p <= to;
  }
  return p === from || p === to;
}

/** Whether `zone` covers `address` (its activity is not looked at). */
export function zoneCovers(zone: ZoneRow, address: ZoneAddress): boolean {
  if (zone.country_id !== address.country_id) return false;
  if (zone.state_ids.length > 0 && (address.state_id === null || !zone.state_ids.includes(address.state_id))) {
    return false;
  }
  return zone.postcode_ranges.length === 0 || zone.postcode_ranges.some((r) => postcodeInRange(address.postcode, r));
}

const byPosition = (a: ZoneRow, b: ZoneRow) => a.position - b.position || a.id - b.id;

/** The zone an address belongs to: the first active one (by position, then id) that covers it; null when none does. */
export function zoneOf(zones: readonly ZoneRow[], address: ZoneAddress): ZoneRow | null {
  return [...zones].sort(byPosition).find((z) => z.is_active && zoneCovers(z, address)) ?? null;
}

/**
 * The zone a cart without a shipping address is priced in: the first active zone of the shop's
 * country that covers all of it (no states, no postcodes listed); null when there is none.
 */
export function defaultZoneOf(zones: readonly ZoneRow[], countryId: number): ZoneRow | null {
  return (
    [...zones]
      .sort(byPosition)
      .find(
        (z) => z.is_active && z.country_id === countryId && z.state_ids.length === 0 && z.postcode_ranges.length === 0,
      ) ?? null
  );
}

/**
 * Whether Cash on Delivery is offered in `zone` (ADR 0023): the method is among the active
 * `methods` and the zone takes it. The one rule behind the cart's offer, an unpaid order's "pay
 * on delivery" and the switch to it.
 */
export function codOffered(zone: Pick<ZoneRow, 'cod_available'> | null, methods: readonly { code: string }[]): boolean {
  return zone?.cod_available === true && methods.some((m) => m.code === COD);
}
