import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange, { passive: true });
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

const never = () => false;

/** True once the page is scrolled further than `threshold` px. The server render is always "top". */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold, never);
}

/** True once the scroll position passes half of the scrollable height (spec section 9). */
export function useScrolledPastHalf(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      return scrollable > 0 && window.scrollY > scrollable / 2;
    },
    never,
  );
}
