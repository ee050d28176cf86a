import type { z } from '../zod.ts';
import { messages } from '../messages.ts';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// Multi-line text (a review, a message) keeps tab, line feed and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Matched code unit by code unit (no `u` flag): a high surrogate without its low half, or the reverse.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface TextRule {
  /** Tab, line feed and carriage return are allowed (text areas). */
  multiline?: boolean;
}

/**
 * True when `value` is text a person could have typed: no C0 control character or DEL (apart
 * from tab and line breaks in multi-line text) and no lone surrogate. PostgreSQL cannot store
 * NUL in text nor `\ud800` in jsonb, and neither belongs in a name, a review or a search.
 */
export function isPlainText(value: string, rule: TextRule = {}): boolean {
  return !(rule.multiline ? CONTROL_CHARS_BUT_LINE_BREAKS : CONTROL_CHARS).test(value) && !LONE_SURROGATE.test(value);
}

/**
 * The one rule for every free-text field of the contract: adds the plain-text check to a string
 * schema, answered (422 from the API) with 'This field contains characters that are not allowed'.
 */
export function plainText<T extends z.ZodType<string>>(schema: T, rule: TextRule = {}): T {
  return schema.refine((v) => isPlainText(v, rule), { error: messages.invalidCharacters }) as T;
}
