import type { ConsentChoice, OptionalCookieGroup } from '@shopfront/shared';

/** The cookie's format is shared with the API (packages/shared/src/plugins/consent.ts). */
export {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VERSION,
  OPTIONAL_GROUPS,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
} from '@shopfront/shared';

/**
 * May a script or cookie of `group` run? With the cookie warning off, everything installed runs;
 * with it on, only an accepted group (never before a choice). `null` (a plugin that needs no
 * consent) always may.
 */
export function groupAllowed(
  group: OptionalCookieGroup | null,
  choice: ConsentChoice | null,
  warningEnabled: boolean,
): boolean {
  if (group === null || !warningEnabled) return true;
  return choice !== null && choice.includes(group);
}
