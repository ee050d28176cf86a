import { useCallback, useEffect, useRef, useState } from 'react';

/** Scrolling less than this (px) in one direction changes nothing: a jittery thumb is not a choice. */
const DEAD_ZONE_PX = 6;

/**
 * For fixed chrome on small screens (the sticky header, the bottom bar) and floating buttons over
 * content (back to top over a list of cards): true while the visitor scrolls down to read, false
 * as soon as they scroll back up, near the top (within `offsetPx`) and at the very end of the
 * page. With `revealMs`, a button that is out of the way until the visitor scrolls up, and again
 * that long after they stop. Always false when `enabled` is false, on the server, and where
 * `media` does not match. `reveal()` shows it again until the next scroll down (keyboard focus
 * moving into it).
 */
export function useHideOnScroll({
  enabled,
  media,
  offsetPx,
  revealMs,
}: {
  enabled: boolean;
  media: string;
  offsetPx: number;
  revealMs?: number;
}): {
  hidden: boolean;
  reveal: () => void;
} {
  const [hidden, setHidden] = useState(false);
  const anchor = useRef(0);

  useEffect(() => {
    // Disabled, the answer is false whatever the state says (see the return below).
    if (!enabled) return;
    const query = window.matchMedia(media);
    anchor.current = window.scrollY;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A button over content starts out of the way; chrome starts in view.
    let first = revealMs !== undefined;
    const inView = (y: number) =>
      !query.matches || y <= offsetPx || y + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (inView(y)) {
        first = false;
        clearTimeout(timer);
        anchor.current = y;
        setHidden(false);
        return;
      }
      if (first) {
        first = false;
        anchor.current = y;
        setHidden(true);
        return;
      }
      // Direction since the last turn: small movements accumulate until they pass the dead zone.
      const delta = y - anchor.current;
      if (Math.abs(delta) < DEAD_ZONE_PX) return;
      anchor.current = y;
      clearTimeout(timer);
      setHidden(delta > 0);
      if (delta < 0 && revealMs !== undefined) timer = setTimeout(() => setHidden(!inView(window.scrollY)), revealMs);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // A state left from before (another page, the chrome disabled meanwhile) is checked at once.
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    query.addEventListener('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', schedule);
      query.removeEventListener('change', schedule);
    };
  }, [enabled, media, offsetPx, revealMs]);

  const reveal = useCallback(() => {
    anchor.current = window.scrollY;
    setHidden(false);
  }, []);
  return { hidden: enabled && hidden, reveal };
}
