import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sendOrderMessage } from './messages.ts';
import { orderRoutes } from './routes.ts';
import { sendStaffAlert } from './staff-alerts.ts';

const OrderMessagePayload = z.object({ eventId: z.number().int().positive() });
const StaffAlertPayload = z.union([
  z.object({ kind: z.enum(['new_order', 'refund_request']), orderId: z.string().min(1), key: z.string().min(1) }),
  z
    .object({
      kind: z.literal('cancel_request'),
      applicationId: z.string().min(1).optional(),
      orderId: z.string().min(1).optional(),
      key: z.string().min(1),
    })
    .refine((a) => a.applicationId ?? a.orderId, 'an application or its fee order'),
  z.object({
    kind: z.enum(['applicant_message', 'applicant_document']),
    applicationId: z.string().min(1),
    itemId: z.number().int().positive(),
    key: z.string().min(1),
  }),
]);

/**
 * Orders: the shopper's order routes (routes.ts) and the 'order-message' job that tells the
 * shopper about each change (messages.ts; the kind's payload type is declared in transition.ts), and
 * the 'staff-order-alert' job that e-mails staff about new orders and refund requests (staff-alerts.ts).
 */
export const ordersPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.register('order-message', {
      payload: OrderMessagePayload,
      handle: async ({ eventId }, ctx) => {
        await sendOrderMessage(app, ctx.db, eventId);
      },
    });
    app.jobs.register('staff-order-alert', {
      payload: StaffAlertPayload,
      handle: async (alert, ctx) => {
        await sendStaffAlert(app, ctx.db, alert);
      },
    });
    await app.register(orderRoutes);
  },
  { name: 'shopfront-orders', dependencies: ['shopfront-jobs', 'shopfront-outbox'] },
);
