import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CheckoutCompleteQuerySchema,
  CompletePaymentBodySchema,
  ErrorEnvelopeSchema,
  PaymentNextSchema,
  PlacedOrderSchema,
  ProcessPaymentBodySchema,
  checkoutApi,
  messages,
  orderMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { CHECKOUT_RATE_LIMITS } from '../checkout/limits.ts';
import { orderAccess } from '../orders/access.ts';
import { loadOrder } from '../orders/view.ts';
import { OPEN_PAYMENTS_CAP, completeClientPayment, completeReturn, handleWebhook, startPayment } from './service.ts';

const tags = ['checkout'];

/** A provider's notification is small; anything larger is not one. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

const WebhookParamsSchema = z.object({ provider: z.string().max(40) });
const WebhookAnswerSchema = z.object({ status: z.literal('success') });

/** Paying an order online: start or retry, the provider's results, its webhooks (ADR 24). */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(
    app,
    checkoutApi.processPayment,
    {
      schemas: { body: ProcessPaymentBodySchema, data: PlacedOrderSchema },
      tags,
      summary: `Pay the shopper's own unpaid order (awaiting payment or payment failed) online with its method or \`method\`, or switch it to Cash on Delivery (\`method: 'cod'\`, where the address's zone takes it; its fee is added). A failed order takes its stock again first (409 when it is gone, or when the shopper has ${OPEN_PAYMENTS_CAP} other orders awaiting payment). next says where to go: the provider's page (redirect), its in-page checkout (client), or the complete page. Another shopper's order is 404. Honours Idempotency-Key; ${CHECKOUT_RATE_LIMITS.processPayment.max} requests per ${CHECKOUT_RATE_LIMITS.processPayment.timeWindow} per address`,
      errors: [404, 409, 422, 429],
      responses: { 502: ErrorEnvelopeSchema },
      config: { idempotent: true, rateLimit: CHECKOUT_RATE_LIMITS.processPayment },
    },
    async (req) => {
      const access = await orderAccess(req);
      const { next, cod } = await startPayment(app, req.log, {
        orderId: req.body.order_id,
        access,
        method: req.body.method,
      });
      const order = await loadOrder(app.db, req.body.order_id);
      if (!order) throw new HttpError(404, orderMessages.orderNotFound);
      return ok({ order, next }, cod ? orderMessages.codChosen : undefined);
    },
  );

  registerEndpoint(
    app,
    checkoutApi.completePayment,
    {
      schemas: { body: CompletePaymentBodySchema, data: PaymentNextSchema },
      tags,
      summary:
        "An in-page checkout's result for the shopper's own order (Razorpay: razorpay_order_id, razorpay_payment_id, razorpay_signature; or error_code / error_description; or dismissed=true). The signature is checked against the attempt the shop created; one that does not hold is a 422 and changes nothing. Answers the complete or failed page",
      errors: [404, 409, 422],
    },
    async (req) => {
      const next = await completeClientPayment(app, req.log, {
        orderId: req.body.order_id,
        access: await orderAccess(req),
        provider: req.body.provider,
        payload: req.body.payload,
      });
      return ok(next, next.type === 'complete' ? orderMessages.paymentReceived : orderMessages.paymentFailed);
    },
  );

  registerEndpoint(
    app,
    checkoutApi.complete,
    {
      schemas: { query: CheckoutCompleteQuerySchema, data: PaymentNextSchema },
      tags,
      summary:
        "A hosted payment page's signed return (token, order_id, type). Answers 303 to /checkout-complete?order=… once the order is paid, else to /checkout-failed?order=…; a token that does not verify changes nothing. The return and the provider's webhook may come in any order, any number of times: the order is paid once",
    },
    async (req, reply) => {
      const path = await completeReturn(app, req.log, req.query);
      return reply.header('cache-control', 'no-store').redirect(path, 303);
    },
  );

  // Webhooks are verified over the exact bytes received: this scope keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/payments/webhook/:provider',
      {
        schema: {
          tags: ['payments'],
          summary:
            "A payment provider's server-to-server notification (sandbox: X-Sandbox-Signature; razorpay: X-Razorpay-Signature), verified over the raw body (at most 64 KiB). 200 once handled, however often delivered; 400 when the signature does not hold; 404 for a provider not configured here",
          params: WebhookParamsSchema,
          response: { 200: WebhookAnswerSchema, 400: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema },
        },
      },
      async (req, reply) => {
        const { provider } = req.params as z.infer<typeof WebhookParamsSchema>;
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const status = await handleWebhook(app, req.log, provider, raw, req.headers);
        if (status === 200) return reply.code(200).send({ status: 'success' as const });
        return reply.code(status).send({
          status: 'error' as const,
          message: status === 400 ? orderMessages.paymentSignatureInvalid : messages.notFound,
        });
      },
    );
  });
}
