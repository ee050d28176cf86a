import { useSyncExternalStore } from 'react';

/** Spec section 9: the resize re-detection delay. A drag across sizes is answered once it rests. */
export const RESIZE_DEBOUNCE_MS = 50;

/** Narrower than this is "mobile": the header's menu button and the listing's filter drawer (Tailwind's lg). */
export const DESKTOP_MIN_WIDTH = 1024;

/**
 * One shared reading of the window's width for every component: taken when the first component
 * asks, then again RESIZE_DEBOUNCE_MS after the last resize event (one listener for them all).
 */
let width: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function onResize() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const next = window.innerWidth;
    if (next === width) return;
    width = next;
    for (const listener of listeners) listener();
  }, RESIZE_DEBOUNCE_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('resize', onResize, { passive: true });
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
      // Read afresh by the next subscriber: the window may have changed size meanwhile.
      width = null;
    }
  };
}

const readWidth = () => (width ??= window.innerWidth);

/** The window's width in CSS px, re-read 50 ms after resizing stops; null on the server and while hydrating. */
export function useViewportWidth(): number | null {
  return useSyncExternalStore(subscribe, readWidth, () => null);
}

/**
 * Whether the screen is a phone's or small tablet's (narrower than DESKTOP_MIN_WIDTH),
 * re-detected 50 ms after a resize (spec section 9); null on the server and while hydrating.
 */
export function useIsMobile(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => readWidth() < DESKTOP_MIN_WIDTH,
    () => null,
  );
}
