import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboxMessages } from '../db/schema.ts';

/** The outbox messages to `recipient` (a phone or an e-mail address), newest first. */
export function outboxTo(db: Db, recipient: string, channel?: 'sms' | 'email') {
  return db
    .select()
    .from(outboxMessages)
    .where(
      channel
        ? and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, channel))
        : eq(outboxMessages.recipient, recipient),
    )
    .orderBy(desc(outboxMessages.id));
}

/** The 4-digit code of the newest message to `recipient`, read as a shopper reads the text. */
export async function lastCodeTo(db: Db, recipient: string, channel?: 'sms' | 'email'): Promise<string> {
  const [msg] = await outboxTo(db, recipient, channel);
  return /\b(\d{4})\b/.exec(msg!.body)![1]!;
}

/** A code that is certainly not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
