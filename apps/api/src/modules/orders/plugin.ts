import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sendOrderMessage } from './messages.ts';
import { orderRoutes } from './routes.ts';

const OrderMessagePayload = z.object({ eventId: z.number().int().positive() });

/**
 * Orders: the shopper's order routes (routes.ts) and the 'order-message' job that tells the
 * shopper about each change (messages.ts; the kind's payload type is declared in transition.ts).
 */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.register('order-message', {
      payload: OrderMessagePayload,
      handle: async ({ eventId }, ctx) => {
        await sendOrderMessage(app, ctx.db, eventId);
      },
    });
    await app.register(orderRoutes);
  },
  { name: 'shopfront-orders', dependencies: ['shopfront-jobs', 'shopfront-outbox'] },
);
