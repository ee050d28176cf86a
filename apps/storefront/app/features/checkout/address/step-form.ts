import { useEffect, useRef, type RefObject } from 'react';
import { useActionData, useFetcher } from 'react-router';
import type { AddressStepResult } from './address-view';

/**
 * One form's fetcher on the address step, and the answer that belongs to it: the fetcher's own
 * (with JavaScript), or the page's action data when a plain form was posted and refused
 * (without it) and `mine` says it came from this form.
 */
export function useStepAnswer(key: string, mine: (answer: AddressStepResult) => boolean) {
  const fetcher = useFetcher<AddressStepResult>({ key });
  const noScript = useActionData() as AddressStepResult | undefined;
  const answer =
    fetcher.state === 'idle' && fetcher.data ? fetcher.data : noScript && mine(noScript) ? noScript : undefined;
  return { fetcher, answer, busy: fetcher.state !== 'idle' };
}

/** Moves focus to the first field marked invalid inside `root`, else to its alert. */
export function focusFirstError(root: HTMLElement | null) {
  requestAnimationFrame(() => {
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  });
}

/**
 * After a refused submission of this form (a new answer, not one already seen), the first
 * error takes the focus: the shopper lands on what to fix. Runs only in the browser, so only for
 * answers that arrive while the page runs (a plain form's page is a fresh document).
 */
export function useFocusOnRefusal(root: RefObject<HTMLElement | null>, answer: AddressStepResult | undefined) {
  const seen = useRef(answer);
  useEffect(() => {
    if (answer === seen.current) return;
    seen.current = answer;
    if (answer && !answer.ok) focusFirstError(root.current);
  }, [answer, root]);
}
