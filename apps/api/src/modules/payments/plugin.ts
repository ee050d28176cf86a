import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { ProviderCode } from './provider.ts';
import { createProviders } from './providers.ts';
import { paymentRoutes } from './routes.ts';
import {
  SandboxWebhookPayload,
  deliverSandboxWebhook,
  sandboxGatewayRoutes,
  sandboxWebhookBackoffMs,
} from './sandbox-gateway.ts';
import { RefundJobSchema } from './refunds.ts';
import { expireReservations, runRefund, type PaymentProviders } from './service.ts';

/**
 * Logged once at boot when Razorpay takes payments but its webhooks cannot be verified (and so
 * are refused): only the shopper's return to the shop then confirms a payment.
 */
export const RAZORPAY_NO_WEBHOOK_WARNING =
  'payments: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set but RAZORPAY_WEBHOOK_SECRET is not: Razorpay webhooks will be refused, so a payment whose shopper closes the window before coming back stays unconfirmed. Set RAZORPAY_WEBHOOK_SECRET to the secret of the webhook in the Razorpay dashboard';

/** How often unpaid orders are checked for a reservation that ran out. */
export const RESERVATION_SWEEP_MS = 60_000;

/**
 * Payments (ADR 24): `app.payments` (the providers configured in this process), the
 * process-payment, complete-payment, complete and webhook routes, the sandbox gateway's page,
 * and the jobs: reservation expiry (every minute), refunds, sandbox webhook deliveries.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance) => {
    const providers = createProviders({ db: app.db, env: app.env });
    const registry: PaymentProviders = {
      get: (code) => providers.get(code as ProviderCode),
      codes: [...providers.keys()],
    };
    app.decorate('payments', registry);
    if (providers.has('sandbox') && app.env.NODE_ENV === 'production') {
      app.log.warn(
        'payments: the sandbox gateway is on (fake money: SANDBOX_GATEWAY=true, or the demo shop of SEED_DEMO); set SANDBOX_GATEWAY=false for a real shop',
      );
    }

    if (providers.has('razorpay') && !app.env.RAZORPAY_WEBHOOK_SECRET) app.log.warn(RAZORPAY_NO_WEBHOOK_WARNING);

    app.jobs.register('payment-reservations', {
      payload: z.record(z.string(), z.never()),
      handle: async (_payload, ctx) => {
        const expired = await expireReservations(ctx.db);
        if (expired > 0) ctx.log.info({ expired }, 'payments: reservations ran out');
      },
      repeat: { everyMs: RESERVATION_SWEEP_MS, payload: {} },
    });
    app.jobs.register('payment-refund', {
      payload: RefundJobSchema,
      handle: (payload, ctx) => runRefund(app, payload, ctx),
      // A provider that is down for a while: 1 minute, doubling, at most 6 hours.
      backoffMs: (attempt) => Math.min(60_000 * 2 ** Math.max(0, attempt - 1), 6 * 3_600_000),
    });
    await app.register(paymentRoutes);
    // Only a process that runs the sandbox claims its deliveries (one without it would answer 404 to itself).
    if (providers.has('sandbox')) {
      app.jobs.register('sandbox-webhook', {
        payload: SandboxWebhookPayload,
        handle: ({ sessionId }) => deliverSandboxWebhook(app, sessionId),
        backoffMs: sandboxWebhookBackoffMs,
      });
      await app.register(sandboxGatewayRoutes);
    }
  },
  { name: 'shopfront-payments', dependencies: ['shopfront-jobs'] },
);
