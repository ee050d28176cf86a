import { and, desc, eq } from 'drizzle-orm';
import type { OutboxMessage } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobContext } from '../jobs/registry.ts';
import type { Transports } from './transports.ts';

export type Channel = 'email' | 'sms';

export interface NewMessage {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  /** The order a message to its shopper is about (the owner's order page lists them). */
  orderId?: string;
}

/**
 * What a delivered message keeps instead of its text: codes and reset links must not outlive
 * their delivery in the database (migration 0007 writes the same text over older rows).
 */
export const DELIVERED_BODY = '(delivered; text removed)';

/** Sends tried before a message is marked failed (its deliver-message job's max attempts). */
export const OUTBOX_MAX_ATTEMPTS = 5;

/**
 * Queues a message. Call it with the transaction that makes the change the message reports, so
 * the two commit (or vanish) together. With a transport for the channel, a deliver-message job
 * goes in with it (one savepoint: the pair is whole even when `db` is not a transaction); without
 * one the message is only stored.
 */
export async function enqueueMessage(db: Db, transports: Transports, msg: NewMessage): Promise<void> {
  const row = {
    channel: msg.channel,
    recipient: msg.recipient,
    subject: msg.subject ?? '',
    body: msg.body,
    orderId: msg.orderId ?? null,
  };
  if (!transports[msg.channel]) {
    await db.insert(outboxMessages).values({ ...row, status: 'stored' });
    return;
  }
  await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(outboxMessages)
      .values({ ...row, status: 'pending' })
      .returning({ id: outboxMessages.id });
    await enqueueJob(tx, {
      kind: 'deliver-message',
      payload: { messageId: message!.id },
      maxAttempts: OUTBOX_MAX_ATTEMPTS,
    });
  });
}

/**
 * Sends one pending message (the deliver-message job) and records the outcome on its row: sent,
 * with the text removed; or the error, then rethrown so the job retries; failed after the last
 * attempt. A message no longer pending (already sent, or pruned) is left alone.
 */
export async function deliverMessage(
  db: Db,
  transports: Transports,
  messageId: number,
  run: Pick<JobContext, 'attempt' | 'maxAttempts'>,
): Promise<void> {
  const [msg] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.status, 'pending')));
  if (!msg) return;
  const transport = transports[msg.channel];
  if (!transport) {
    // Its transport was configured when it was queued, and is not now.
    await db.update(outboxMessages).set({ status: 'stored' }).where(eq(outboxMessages.id, msg.id));
    return;
  }
  try {
    await transport({ recipient: msg.recipient, subject: msg.subject, body: msg.body });
  } catch (err) {
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db
      .update(outboxMessages)
      .set({ attempts: run.attempt, lastError, ...(run.attempt >= run.maxAttempts ? { status: 'failed' } : {}) })
      .where(eq(outboxMessages.id, msg.id));
    throw err;
  }
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      attempts: run.attempt,
      sentAt: new Date(),
      lastError: null,
      subject: '',
      body: DELIVERED_BODY,
    })
    .where(eq(outboxMessages.id, msg.id));
}

/** Newest messages first, optionally only those to one recipient (development outbox). */
export async function listOutbox(db: Db, opts: { recipient?: string; limit: number }): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(opts.recipient ? eq(outboxMessages.recipient, opts.recipient) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    status: r.status,
    attempts: r.attempts,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}
