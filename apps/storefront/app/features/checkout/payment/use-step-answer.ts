import { useActionData, useFetcher } from 'react-router';
import type { PaymentIntent, PaymentStepResult } from '../payment-view';

/**
 * A form of the payment step: its fetcher (keyed `checkout-<intent>`, so every component asking
 * for one intent shares it) and its answer, from the fetcher with a script, else the page's
 * action when the plain form was sent without JavaScript.
 */
export function useStepAnswer(intent: PaymentIntent) {
  const fetcher = useFetcher<PaymentStepResult>({ key: `checkout-${intent}` });
  const noScript = useActionData() as PaymentStepResult | undefined;
  const answer =
    fetcher.state === 'idle' && fetcher.data ? fetcher.data : noScript?.intent === intent ? noScript : undefined;
  return { fetcher, answer, busy: fetcher.state !== 'idle' };
}
