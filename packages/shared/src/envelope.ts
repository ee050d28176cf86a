import { z } from './zod.ts';

/** Every API answer: `{ status, message?, data? }` (spec section 7: judged by status === 'success'). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string().optional(),
    data,
  });
}

export const ErrorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type Envelope<T> = { status: 'success'; message?: string; data: T } | ErrorEnvelope;

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
