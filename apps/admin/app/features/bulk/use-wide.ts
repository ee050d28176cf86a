import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 1024px)';

/** Whether the window is desktop-wide (the panel's lg breakpoint): the grid there, cards on a phone. */
export function useWide(): boolean {
  return useSyncExternalStore(
    (on) => {
      const m = window.matchMedia(QUERY);
      m.addEventListener('change', on);
      return () => m.removeEventListener('change', on);
    },
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
