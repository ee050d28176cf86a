import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { deliverMessage, enqueueMessage, type NewMessage } from './service.ts';
import { createTransports, type Transports } from './transports.ts';

const DeliverMessagePayload = z.object({ messageId: z.number().int().positive() });

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Sends one outbox message; the job's retries are the message's. */
    'deliver-message': z.infer<typeof DeliverMessagePayload>;
  }
}

export interface Outbox {
  readonly transports: Transports;
  /**
   * Whether an e-mail written reaches a reader: an SMTP transport, or the dev outbox page
   * (DEV_OUTBOX). Without either, answers must not say "we have sent you an e-mail".
   */
  readonly emailReachesReader: boolean;
  /**
   * Queues a message inside the caller's transaction (see enqueueMessage). Its delivery starts
   * when that transaction commits (the deliver-message job wakes the runner): nobody kicks it.
   */
  enqueue(db: Db, msg: NewMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** Decorates `app.outbox` and registers the deliver-message job that sends its messages. */
export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const transports = createTransports(app.env);
    app.jobs.register('deliver-message', {
      payload: DeliverMessagePayload,
      handle: ({ messageId }, ctx) => deliverMessage(ctx.db, transports, messageId, ctx),
    });

    const outbox: Outbox = {
      transports,
      emailReachesReader: Boolean(transports.email) || app.env.DEV_OUTBOX,
      async enqueue(db, msg) {
        await enqueueMessage(db, transports, msg);
        // With no transport for its channel the message can only be read here or in the database:
        // print it to the operator's log (never to a client), so `npm start` can be tried by phone.
        if (!transports[msg.channel]) {
          app.log.info(
            { outbox: { channel: msg.channel, to: msg.recipient } },
            `outbox (held, no ${msg.channel} transport): ${msg.subject ? `${msg.subject}: ` : ''}${msg.body}`,
          );
        }
      },
    };
    app.decorate('outbox', outbox);
  },
  { name: 'shopfront-outbox', dependencies: ['shopfront-jobs'] },
);
