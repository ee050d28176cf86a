import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@shopfront/shared';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { Transports } from './transports.ts';

export type Channel = 'email' | 'sms';

export interface NewMessage {
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
}

/**
 * What a delivered message keeps instead of its text: codes and reset links must not outlive
 * their delivery in the database (migration 0007 writes the same text over older rows).
 */
export const DELIVERED_BODY = '(delivered; text removed)';

/** Sends tried before a message is marked failed. */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** A claimed message is not picked again for this long (a process that died mid-send gives it back). */
const CLAIM_LEASE_MS = 2 * 60_000;
/** Small claims: a batch is sent one message at a time and must finish well inside its lease. */
const BATCH = 5;

/**
 * Queues a message. Call it with the transaction that makes the change the message reports, so
 * the two commit (or vanish) together. Without a transport for the channel it is only stored.
 */
export async function enqueueMessage(db: Db, transports: Transports, msg: NewMessage): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: msg.channel,
    recipient: msg.recipient,
    subject: msg.subject ?? '',
    body: msg.body,
    status: transports[msg.channel] ? 'pending' : 'stored',
  });
}

/** Retry back-off after the n-th failed attempt: 30 s, 1 min, 2 min, 4 min. */
const backoffMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/**
 * Delivers due messages: claims a batch with FOR UPDATE SKIP LOCKED (so several processes never
 * take the same row), leases it, sends outside the transaction, then records the outcome.
 * Answers how many messages were handled.
 */
export async function dispatchOutbox(
  db: Db,
  transports: Transports,
  log?: (msg: string, err: unknown) => void,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
        .orderBy(outboxMessages.id)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length) {
        await tx
          .update(outboxMessages)
          .set({
            attempts: sql`${outboxMessages.attempts} + 1`,
            nextAttemptAt: sql`now() + ${CLAIM_LEASE_MS} * interval '1 millisecond'`,
          })
          .where(
            inArray(
              outboxMessages.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
    for (const row of claimed) {
      const transport = transports[row.channel];
      if (!transport) {
        await db.update(outboxMessages).set({ status: 'stored' }).where(eq(outboxMessages.id, row.id));
        continue;
      }
      const attempts = row.attempts + 1;
      try {
        await transport({ recipient: row.recipient, subject: row.subject, body: row.body });
        await db
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), lastError: null, subject: '', body: DELIVERED_BODY })
          .where(eq(outboxMessages.id, row.id));
      } catch (err) {
        log?.(`outbox: ${row.channel} message ${row.id} not delivered (attempt ${attempts})`, err);
        const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
        await db
          .update(outboxMessages)
          .set(
            attempts >= OUTBOX_MAX_ATTEMPTS
              ? { status: 'failed', lastError }
              : { lastError, nextAttemptAt: new Date(Date.now() + backoffMs(attempts)) },
          )
          .where(eq(outboxMessages.id, row.id));
      }
    }
    handled += claimed.length;
    if (claimed.length < BATCH) return handled;
  }
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
