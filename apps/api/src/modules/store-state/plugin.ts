import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { storeStateGate } from './gate.ts';
import { notifyModeSubscribers } from './service.ts';

/** How often the shop looks whether it is open again and has subscribers to tell. */
export const NOTIFY_SUBSCRIBERS_EVERY_MS = 2 * 60_000;

declare module '../jobs/registry.ts' {
  interface JobPayloads {
    /** Tells mode subscribers the shop is open (recurring; does nothing while it is closed). */
    'notify-mode-subscribers': Record<string, never>;
  }
}

/**
 * Store states (spec section 4): the gate in front of every API route and the job that tells
 * subscribers the shop is open. Registered before the routes, so the gate covers all of them.
 */
export const storeStatePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', storeStateGate);

    app.jobs.register('notify-mode-subscribers', {
      payload: z.strictObject({}),
      async handle(_payload, ctx) {
        const told = await notifyModeSubscribers(ctx.db, app.env, (tx, msg) => app.outbox.enqueue(tx, msg));
        if (told > 0) ctx.log.info({ told }, 'store states: told subscribers the shop is open');
      },
      repeat: { everyMs: NOTIFY_SUBSCRIBERS_EVERY_MS, payload: {} },
    });
  },
  { name: 'shopfront-store-state', dependencies: ['shopfront-jobs', 'shopfront-outbox', 'shopfront-staff-session'] },
);
