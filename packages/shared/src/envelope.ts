import { z } from './zod.ts';

/**
 * Beside the data of an owner's save that can be undone (issue 25): the audit entry it wrote (`id`),
 * the other entries the same save wrote (`also`, undone with it), and until when the panel offers
 * Undo (10 seconds; the undo API itself takes the entry later too, while the record is unchanged).
 */
export interface UndoOffer {
  id: number;
  also: number[];
  expires_at: string;
}
// Made on first use: a screen that imports this module (the panel's) builds no zod schema.
const undoOfferSchema = (): z.ZodType<UndoOffer> =>
  z.object({ id: z.number().int(), also: z.array(z.number().int()), expires_at: z.string() });

/** Every API answer: `{ status, message?, data?, undo? }` (spec section 7: judged by status === 'success'). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string().optional(),
    data,
    undo: undoOfferSchema().optional(),
  });
}

export const ErrorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { status: 'success'; message?: string; data: T; undo?: UndoOffer } | ErrorEnvelope;

/**
 * Messages grouped by field, in order, each once: the `errors` of a 422. A null-prototype object,
 * so a field named like a built-in property (`constructor`, `toString`, `__proto__`) is a field
 * like any other instead of a crash or a lost message.
 */
export function messagesByField(
  entries: Iterable<readonly [field: string, message: string]>,
): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>;
  for (const [field, message] of entries) {
    const list = Object.hasOwn(out, field) ? out[field]! : (out[field] = []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

/** zod issues by field: the path joined with dots, or `body` for the whole value. */
export const issuesByField = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  messagesByField(issues.map((i) => [i.path.map(String).join('.') || 'body', i.message] as const));
