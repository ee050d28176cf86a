import { addressMessages } from '@shopfront/shared';
import { normalisePostcode } from './zones.ts';

/** An inclusive range of postcode prefixes of one length (states.postcode_prefixes): '560'–'591'. */
export interface PrefixRange {
  from: string;
  to: string;
}

/** What a country and its chosen state say about the postcodes of their addresses. */
export interface PostcodeRules {
  /** countries.postcode_digits: exactly this many digits; null: any shape the address schema takes. */
  digits: number | null;
  /** The chosen state, when one is: its name (for the message) and its postcodes (empty: any). */
  state: { name: string; prefixes: readonly PrefixRange[] } | null;
}

/** Whether `postcode` starts with a prefix in `range` (same-length digit strings compare like numbers). */
export function postcodeHasPrefix(postcode: string, range: PrefixRange): boolean {
  const p = normalisePostcode(postcode).slice(0, range.from.length);
  return p.length === range.from.length && range.from <= p && p <= range.to;
}

/**
 * Why `postcode` cannot be an address's postcode under `rules` (a message for the postcode
 * field), or null when it can. India: six digits, within the chosen state's PIN prefixes (a
 * Bengaluru PIN with Kerala chosen is refused). An empty postcode is the schema's business.
 */
export function postcodeProblem(postcode: string, rules: PostcodeRules): string | null {
  const p = normalisePostcode(postcode);
  if (!p) return null;
  if (rules.digits !== null && !new RegExp(`^[0-9]{${rules.digits}}$`).test(p)) {
    return addressMessages.postcodeDigits(rules.digits);
  }
  const state = rules.state;
  if (state && state.prefixes.length > 0 && !state.prefixes.some((r) => postcodeHasPrefix(p, r))) {
    return addressMessages.postcodeNotInState(state.name);
  }
  return null;
}
