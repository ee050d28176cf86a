import type { Address } from './schemas/address.ts';

/**
 * An address as people read it, free of zod (no schema module is imported here) so that the
 * checkout and order pages can show addresses without loading it (ADR 0010).
 */

/** The parts of an address that its display lines are made of. */
export type FormattableAddress = Pick<
  Address,
  | 'first_name'
  | 'last_name'
  | 'address_line_1'
  | 'address_line_2'
  | 'landmark'
  | 'city'
  | 'postcode'
  | 'country'
  | 'state'
>;

/** A landmark that already says where it is ("Near the station", "Opp. Forum", "Behind …"). */
const LANDMARK_PREPOSITION =
  /^(near|nr\.?|opp(\.|osite)?|behind|beside|next to|in front of|above|below|off|close to|adjacent to)(\s|$)/i;

const join = (parts: (string | null | undefined)[], sep: string) =>
  parts.filter((p): p is string => Boolean(p && p.trim())).join(sep);

/**
 * The name (empty when the address has none) and the place as lines: street, landmark ("Near …"
 * unless it says so), city + state + postcode, country; empty lines left out.
 */
export function addressNameAndLines(a: FormattableAddress): { name: string; lines: string[] } {
  const landmark = a.landmark?.trim();
  return {
    name: join([a.first_name, a.last_name], ' '),
    lines: [
      join([a.address_line_1, a.address_line_2], ', '),
      landmark ? (LANDMARK_PREPOSITION.test(landmark) ? landmark : `Near ${landmark}`) : '',
      join([a.city, join([a.state?.name, a.postcode], ' ')], ', '),
      a.country.name,
    ].filter(Boolean),
  };
}

/** An address as display lines: the name, then the place's lines (addressNameAndLines). */
export function formatAddressLines(a: FormattableAddress): string[] {
  const { name, lines } = addressNameAndLines(a);
  return name ? [name, ...lines] : lines;
}

/** An address on one line (selectors, order summaries). */
export function formatAddress(a: FormattableAddress): string {
  return formatAddressLines(a).join(', ');
}
