import { useLocation, useNavigation, useSearchParams } from 'react-router';

/**
 * The list screens' search params as they are about to be: while a filter change is on its way
 * (the frame's loader runs before the address changes), the one it goes to. Controls then show a
 * click at once, and a second quick change builds on the first instead of undoing it.
 */
export function usePendingSearchParams(): [URLSearchParams, ReturnType<typeof useSearchParams>[1]] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const pending = useNavigation().location;
  const current = pending && pending.pathname === location.pathname ? new URLSearchParams(pending.search) : params;
  return [current, setParams];
}
