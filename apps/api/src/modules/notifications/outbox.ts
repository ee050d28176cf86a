import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { dispatchOutbox, enqueueMessage, type NewMessage } from './service.ts';
import { createTransports, type Transports } from './transports.ts';

/** How often each process looks for due messages (a new message also triggers a run at once). */
const DISPATCH_EVERY_MS = 5_000;

export interface Outbox {
  readonly transports: Transports;
  /** Queues a message inside the caller's transaction (see enqueueMessage). */
  enqueue(db: Db, msg: NewMessage): Promise<void>;
  /** Asks for a delivery run soon, after the caller's transaction has committed. */
  kick(): void;
  /** Runs delivery now (after any run in flight) and answers how many messages it handled. */
  dispatchNow(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** Decorates `app.outbox` and runs the dispatcher on an unref'd timer, stopped when the app closes. */
export const outboxPlugin = fp(
  async (app: FastifyInstance) => {
    const transports = createTransports(app.env);
    let running: Promise<number> | null = null;
    let closing = false;
    const log = (msg: string, err: unknown) => app.log.warn({ err }, msg);

    const run = (): Promise<number> => {
      if (closing) return Promise.resolve(0);
      running ??= dispatchOutbox(app.db, transports, log).finally(() => {
        running = null;
      });
      return running;
    };
    const configured = Boolean(transports.email || transports.sms);

    const outbox: Outbox = {
      transports,
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
      kick() {
        if (configured) setImmediate(() => void run().catch((err) => log('outbox: run failed', err)));
      },
      async dispatchNow() {
        if (running) await running.catch(() => 0);
        return run();
      },
    };
    app.decorate('outbox', outbox);

    if (configured) {
      const timer = setInterval(() => void run().catch((err) => log('outbox: run failed', err)), DISPATCH_EVERY_MS);
      timer.unref();
      app.addHook('onClose', async () => {
        closing = true;
        clearInterval(timer);
        await running?.catch(() => 0);
      });
    }
  },
  { name: 'shopfront-outbox' },
);
