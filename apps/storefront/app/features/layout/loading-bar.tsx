import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';

/** Spec section 9: loading indicator timings. */
const THROTTLE_MS = 200;
const DURATION_MS = 2000;
const HIDE_DELAY_MS = 500;
const RESET_DELAY_MS = 400;
const TICK_MS = 100;

/** Eases towards 100% without reaching it: about 70% after one duration, slower after that. */
export function estimatedProgress(elapsedMs: number, durationMs = DURATION_MS): number {
  return (2 / Math.PI) * 100 * Math.atan(((elapsedMs / durationMs) * 100) / 50);
}

/**
 * A 3 px bar at the top of the viewport while a navigation runs. Quick navigations (under the
 * throttle) never show it, so fast pages do not flicker.
 */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);
  const [progress, setProgress] = useState(0);
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let ticker: ReturnType<typeof setInterval> | undefined;
    if (busy) {
      timers.push(
        setTimeout(() => {
          shown.current = true;
          const started = performance.now();
          setProgress(0);
          setVisible(true);
          ticker = setInterval(() => setProgress(estimatedProgress(performance.now() - started)), TICK_MS);
        }, THROTTLE_MS),
      );
    } else {
      if (shown.current) {
        shown.current = false;
        setProgress(100);
      }
      // Also runs when a second navigation interrupted the hide delay of the first one.
      timers.push(
        setTimeout(() => {
          setVisible(false);
          timers.push(setTimeout(() => setProgress(0), RESET_DELAY_MS));
        }, HIDE_DELAY_MS),
      );
    }
    return () => {
      timers.forEach(clearTimeout);
      if (ticker) clearInterval(ticker);
    };
  }, [busy]);

  return (
    <div
      aria-hidden="true"
      className="loading-bar pointer-events-none fixed inset-x-0 top-0 z-[60] h-[3px]"
      data-loading={busy ? 'true' : 'false'}
      style={{ opacity: visible ? 1 : 0, transition: `opacity ${RESET_DELAY_MS}ms ease` }}
    >
      <div
        className="h-full bg-primary shadow-[0_0_8px_var(--sf-primary-fade)]"
        style={{
          width: `${progress}%`,
          transition: progress === 0 ? 'none' : `width ${TICK_MS}ms linear`,
        }}
      />
    </div>
  );
}
