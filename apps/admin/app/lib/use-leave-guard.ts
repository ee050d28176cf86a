import { useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router';

/**
 * Asks `question` before leaving (a link in the panel; closing or reloading the tab gets the
 * browser's own question) while `dirty`: typed work is never thrown away without asking.
 * One blocked navigation asks once: a re-render while the blocker still reads "blocked" (the
 * preview frame's messages, a refetch) must not put the same question up a second time. Once the
 * owner has said "leave", this screen blocks nothing more while the next one loads (a Back press
 * then goes back, instead of meeting a question from a screen already left).
 */
export function useLeaveGuard(dirty: boolean, question: string): void {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const asked = useRef<Location | null>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asked.current === blocker.location) return;
    asked.current = blocker.location;
    if (window.confirm(question)) {
      leaving.current = true;
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, question]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
