import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const LEAVE_QUESTION = 'You have unsaved changes in the bulk editor. Leave and lose them?';

/** Asks before leaving (a link in the panel, or closing and reloading the tab) while `dirty`. */
export function useLeaveGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}
