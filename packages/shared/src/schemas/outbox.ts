import { z } from '../zod.ts';

/** One outgoing e-mail or SMS as the development outbox shows it (GET /api/dev/outbox). */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** pending: waiting for its transport; sent; stored: no transport configured; failed: gave up. */
  status: z.enum(['pending', 'sent', 'stored', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
/** GET /api/dev/outbox. */
export const OutboxListSchema = z.object({ messages: z.array(OutboxMessageSchema) });

export const OutboxQuerySchema = z.object({
  /** Only messages to this e-mail address or phone number. */
  recipient: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
