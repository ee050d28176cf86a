import { useEffect, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { PaymentNext } from '@shopfront/shared';
import { useShop } from '../../lib/shop';
import { leaveForPayment, stayedOnPage } from './leaving';
import { nextLocation } from './payment-view';
import { payInPage } from './razorpay';

/**
 * Follows an answer of place-order or process-payment that needs the payment provider:
 * - its hosted page (`redirect`): the browser leaves, and the caller shows the
 *   payment-processing popup while `leaving` is true; coming back with the Back button (a page
 *   restored from the back-forward cache) closes it and reloads the page's data;
 * - its in-page checkout (`client`, Razorpay): opened over the page; its result is verified by
 *   the API and the shopper goes to the complete or failed page (the popup shows meanwhile).
 * `unusable` is set when the provider's checkout could not be opened.
 */
export function useLeaveForPayment(answer: { next: PaymentNext; orderId: string } | null | undefined) {
  const handled = useRef<unknown>(null);
  const [cameBackFrom, setCameBackFrom] = useState<unknown>(null);
  const [finishing, setFinishing] = useState<unknown>(null);
  const [failedFor, setFailedFor] = useState<unknown>(null);
  const revalidator = useRevalidator();
  const revalidate = revalidator.revalidate;
  const navigate = useNavigate();
  const nonce = useShop().nonce?.script ?? null;

  useEffect(() => {
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    const { next } = answer;
    if (next.type === 'redirect') {
      leaveForPayment(next);
    } else if (next.type === 'client') {
      payInPage(next, answer.orderId, nonce)
        .then((result) => {
          const target = result && nextLocation(result);
          if (!target) {
            setFailedFor(answer);
            return;
          }
          setFinishing(answer);
          void navigate(target);
        })
        .catch((err: unknown) => {
          console.error('in-page payment failed', err);
          setFailedFor(answer);
        });
    }
  }, [answer, nonce, navigate]);

  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      stayedOnPage();
      setCameBackFrom(handled.current);
      void revalidate();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [revalidate]);

  const goesAway = Boolean(answer && answer.next.type === 'redirect' && nextLocation(answer.next));
  return {
    leaving: (goesAway && cameBackFrom !== answer) || (answer != null && finishing === answer),
    unusable: answer != null && failedFor === answer,
  };
}
