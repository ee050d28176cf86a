import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { orderMessages, type PaymentNext } from '@shopfront/shared';
import { activePaymentMethod } from '../../db/payment-methods.ts';
import { fieldError } from '../../lib/http.ts';
import { isProviderCode } from '../payments/provider.ts';
import { startPayment } from '../payments/service.ts';
import { feeOrderFor, feeResultPath, type FeeOrder } from './fee-order.ts';

/**
 * POST /api/applications/{ref}/pay (ADR 37): the applicant pays the application's fee with
 * `method`. Its fee order is made once (or found: a retry, another tab) in one short
 * transaction; then, with no transaction open, the order's online payment is started as an
 * order's retry starts it (startPayment: an attempt reused on a double click, the provider
 * called between transactions). An offline method, or a `coupon` that covers the whole fee,
 * confirms the order and submits the application at once; the applicant goes back to the application.
 */
export async function payApplicationFee(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  input: { applicationId: string; method: string; linkOrigin: string; coupon?: string | undefined },
): Promise<FeeOrder & { next: PaymentNext }> {
  const method = await activePaymentMethod(app.db, input.method);
  const payable =
    method?.kind === 'offline' || (method !== null && isProviderCode(method.code) && app.payments.get(method.code));
  if (!method || !payable) throw fieldError('method', orderMessages.paymentMethodUnavailable);
  const fee = await feeOrderFor(app, { ...input, method });
  if (fee.offline || fee.covered) {
    const outcome = fee.covered ? 'paid' : 'due';
    return { ...fee, next: { type: 'complete', path: await feeResultPath(app.db, input.applicationId, outcome) } };
  }
  // The applicant reached the application; its fee order is reached as its owner would reach it.
  const access =
    fee.customerId !== null
      ? { customerId: fee.customerId, guestOrderId: null }
      : { customerId: null, guestOrderId: fee.orderId };
  const { next } = await startPayment(app, log, { orderId: fee.orderId, access, method: method.code });
  return { ...fee, next };
}
