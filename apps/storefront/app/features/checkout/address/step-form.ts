import { useEffect, useRef, type RefObject } from 'react';
import { useActionData } from 'react-router';
import type { AddressStepResult } from './address-view';

/** The address step's refusal (its action's answer when it did not move on), if any. */
export function useStepRefusal(): AddressStepResult | undefined {
  return useActionData() as AddressStepResult | undefined;
}

/**
 * After a refused Continue that arrives while the page runs (a new answer, not one already
 * seen), the first field marked invalid takes the focus, else the form's alert: the shopper
 * lands on what to fix. Without JavaScript the page is a fresh document with the messages.
 */
export function useFocusOnRefusal(root: RefObject<HTMLElement | null>, answer: AddressStepResult | undefined) {
  const seen = useRef(answer);
  useEffect(() => {
    if (answer === seen.current) return;
    seen.current = answer;
    if (!answer) return;
    requestAnimationFrame(() => {
      const el = root.current;
      const target =
        el?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? el?.querySelector<HTMLElement>('[role="alert"]');
      target?.focus();
    });
  }, [answer, root]);
}
