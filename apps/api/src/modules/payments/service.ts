import type { PaymentProvider, ProviderCode } from './provider.ts';

/**
 * Payments (ADR 24), the module's service functions by concern: attempts.ts starts or retries an
 * order's online payment (or switches it to Cash on Delivery); verdicts.ts applies a provider's
 * verdicts (markPaid, markFailed) exactly once; reservations.ts returns the stock of orders whose
 * time to pay ran out; refunds.ts queues and pays out refunds. Every change of money or stock is
 * one short transaction of conditional updates; a provider is only ever called between
 * transactions, never inside one.
 */
export { beginPayment, resultPath, startPayment } from './attempts.ts';
export { completeClientPayment, completeReturn, handleWebhook, markPaid } from './verdicts.ts';
export { expireReservations, reservationMinutes } from './reservations.ts';
export { queueRefund, runRefund } from './refunds.ts';
export { OPEN_PAYMENTS_CAP, assertOpenPaymentsBelowCap } from './open-payments.ts';

/** The providers of this process by code (the plugin builds them from the environment). */
export interface PaymentProviders {
  get(code: string): PaymentProvider | undefined;
  readonly codes: readonly ProviderCode[];
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProviders;
  }
}
