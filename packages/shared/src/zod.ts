import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * In a browser, the contract's schemas run without code generation. zod compiles object
 * parsers with `new Function` (and probes whether it may, the first time an object schema is
 * created); the storefront's Content-Security-Policy has no 'unsafe-eval', so the probe would be
 * reported as a CSP violation on every page. On the server (Node, no CSP) zod keeps its compiled
 * fast path for the API's validation.
 *
 * Every module of the contract takes `z` from here, never from 'zod' itself, so the setting is
 * made before its first schema exists (the storefront's client entry would be too late: React
 * Router's hydration script imports the route modules, which create schemas, before the entry).
 * Pages that use no schema do not load zod at all.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Letters only, of any script with their accents and vowel signs ("Zoë", "अनीता"): what `alpha()` checks. */
export const ALPHA = /^[\p{L}\p{M}]+$/u;

/** A text of letters only, answered 'The value may only contain letters' (zod has no such format of its own). */
export const alpha = () => z.string().regex(ALPHA);

/**
 * The spec's standard texts (section 5) for a rule that has no message of its own: 'This field
 * is required', 'The value must be numeric', 'The value length should not exceed N', 'The value
 * must be a valid date' (z.iso.date, z.iso.datetime), hexadecimal (z.hex), IPv4 (z.ipv4), MAC
 * (z.mac), letters only (`alpha()`)…, else the
 * fallback 'This field is not valid', so zod's English ("Invalid input: expected string,
 * received undefined") never reaches a shopper. Set for the whole process: configuration and
 * job payload errors read the same way, with their path. Precedence is zod's: a rule's own
 * `error` first, then its type's (`z.number({ error })` also answers that number's min and max,
 * so a range under a typed message names its own), then this map. An unknown key keeps zod's
 * text, which names the key for the developer who sent it; a null counts as an empty field.
 */
export function specMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return messages.required;
      if (issue.expected === 'int') return messages.integer;
      if (issue.expected === 'number') return messages.numeric;
      return messages.fallback;
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n <= 1 ? messages.required : messages.minLength(n);
      if (issue.origin === 'number') return issue.inclusive === false ? messages.greaterThan(n) : messages.atLeast(n);
      if (issue.origin === 'array' && n <= 1) return messages.required;
      return messages.fallback;
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return messages.maxLength(n);
      if (issue.origin === 'number') return issue.inclusive === false ? messages.lessThan(n) : messages.atMost(n);
      return messages.fallback;
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return messages.email;
        case 'url':
          return messages.url;
        case 'date':
        case 'datetime':
          return messages.date;
        case 'hex':
          return messages.hexadecimal;
        case 'ipv4':
          return messages.ipv4;
        case 'mac':
          return messages.mac;
        case 'regex':
          return issue.pattern === ALPHA.toString() ? messages.alpha : messages.fallback;
        default:
          return messages.fallback;
      }
    case 'unrecognized_keys':
      return undefined;
    default:
      return messages.fallback;
  }
}

z.config({ customError: specMessage });

export { z };
