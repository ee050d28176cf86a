import { useEffect, useState, useSyncExternalStore } from 'react';

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

const REVEAL_MS = 2500;

/**
 * For a floating button over a list (phones): true while the visitor scrolls up, for a moment
 * after, and at the very end of the page; false while they scroll down to read. Always true when
 * `enabled` is false or from md (768 px) up, where the button sits beside the content.
 */
export function useRevealOnScrollUp(enabled: boolean): boolean {
  const [revealed, setRevealed] = useState(true);
  useEffect(() => {
    if (!enabled) return;
    const wide = window.matchMedia('(min-width: 768px)');
    let lastY = window.scrollY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const atEnd = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 8;
    const onScroll = () => {
      const y = window.scrollY;
      const up = y < lastY;
      lastY = y;
      clearTimeout(timer);
      if (wide.matches || atEnd()) {
        setRevealed(true);
        return;
      }
      setRevealed(up);
      if (up) timer = setTimeout(() => setRevealed(atEnd()), REVEAL_MS);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [enabled]);
  return !enabled || revealed;
}
