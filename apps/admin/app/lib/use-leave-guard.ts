import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks `question` before leaving (a link in the panel; closing or reloading the tab gets the
 * browser's own question) while `dirty`: typed work is never thrown away without asking.
 */
export function useLeaveGuard(dirty: boolean, question: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
