import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { PaymentProvider, ProviderCode } from './provider.ts';
import { razorpayProvider } from './providers/razorpay.ts';
import { sandboxProvider } from './providers/sandbox.ts';

type ProviderEnv = Pick<
  Env,
  | 'SANDBOX_GATEWAY'
  | 'SANDBOX_GATEWAY_SECRET'
  | 'RAZORPAY_KEY_ID'
  | 'RAZORPAY_KEY_SECRET'
  | 'RAZORPAY_WEBHOOK_SECRET'
  | 'RAZORPAY_API_BASE'
>;

/**
 * The online providers this process can use, by code (the codes of payment_methods rows of kind
 * 'online'): the sandbox when SANDBOX_GATEWAY is on (unset: in the demo shop only, env.ts),
 * Razorpay when both its keys are set. A cart offers only these.
 */
export function configuredProviders(env: ProviderEnv): ProviderCode[] {
  const codes: ProviderCode[] = [];
  if (env.SANDBOX_GATEWAY) codes.push('sandbox');
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET) codes.push('razorpay');
  return codes;
}

/** One instance of each configured provider. */
export function createProviders(deps: { db: Db; env: ProviderEnv }): Map<ProviderCode, PaymentProvider> {
  const { env } = deps;
  const providers = new Map<ProviderCode, PaymentProvider>();
  for (const code of configuredProviders(env)) {
    if (code === 'sandbox') providers.set(code, sandboxProvider(deps));
    if (code === 'razorpay') {
      providers.set(
        code,
        razorpayProvider({
          keyId: env.RAZORPAY_KEY_ID!,
          keySecret: env.RAZORPAY_KEY_SECRET!,
          ...(env.RAZORPAY_WEBHOOK_SECRET ? { webhookSecret: env.RAZORPAY_WEBHOOK_SECRET } : {}),
          ...(env.RAZORPAY_API_BASE ? { apiBase: env.RAZORPAY_API_BASE } : {}),
        }),
      );
    }
  }
  return providers;
}
