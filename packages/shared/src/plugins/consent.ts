import type { OptionalCookieGroup } from './catalog.ts';

/**
 * The shopper's cookie choice (spec sections 4 "Cookie banner", 5 "Cookie choices", 9): kept in
 * the cookie `cookiePreferences` for one year, so the server reads it too and renders no banner
 * (not even for a moment) once a choice exists.
 *
 * The value is `v1:` followed by the accepted optional groups, comma separated and sorted:
 * `v1:analytics,marketing` (Accept All), `v1:analytics`, `v1:` (Decline All). The necessary group
 * is never written: it is always accepted and cannot be unchecked. On the wire the value is
 * percent-encoded (writeCookie), so `:` and `,` never meet a strict cookie parser.
 * A value of another version, or one that does not parse, counts as no choice: the banner asks again.
 *
 * No validation library here: the root loader and every page's bundle use this module, and the
 * API reads the same cookie (a first-party analytics collector records nothing without consent).
 */

export const CONSENT_COOKIE = 'cookiePreferences';
/** Spec section 9: 31536000 seconds (one year). */
export const CONSENT_MAX_AGE_SECONDS = 31_536_000;
export const CONSENT_VERSION = 'v1';

export const OPTIONAL_GROUPS: readonly OptionalCookieGroup[] = ['analytics', 'marketing'];

/** The accepted optional groups, in a stable order. */
export type ConsentChoice = readonly OptionalCookieGroup[];

const isOptionalGroup = (g: string): g is OptionalCookieGroup => (OPTIONAL_GROUPS as readonly string[]).includes(g);

/** The stored choice, or null when there is none (or it cannot be read). */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  const prefix = `${CONSENT_VERSION}:`;
  if (!value.startsWith(prefix)) return null;
  const rest = value.slice(prefix.length);
  if (rest === '') return [];
  const parts = rest.split(',');
  if (!parts.every(isOptionalGroup)) return null;
  return normalise(parts);
}

/** The cookie value of a choice (see above). */
export function serializeConsent(groups: Iterable<OptionalCookieGroup>): string {
  return `${CONSENT_VERSION}:${normalise(groups).join(',')}`;
}

/** Unique, in OPTIONAL_GROUPS order. */
function normalise(groups: Iterable<OptionalCookieGroup>): OptionalCookieGroup[] {
  const set = new Set(groups);
  return OPTIONAL_GROUPS.filter((g) => set.has(g));
}
