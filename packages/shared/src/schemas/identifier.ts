import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { isPlainText } from './text.ts';

/**
 * A required identifier (an id in a path, a slug, a facet value, an option name): 1..max
 * characters of plain text (text.ts), anything else answered with the generic 'This field is not
 * valid' (ADR 15). Kept apart from text.ts, which zod-free pages import.
 */
export const identifierText = (max: number) =>
  z
    .string({ error: messages.fallback })
    .min(1, { error: messages.required })
    .max(max, { error: messages.maxLength(max) })
    .refine((v) => isPlainText(v), { error: messages.fallback });
