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
