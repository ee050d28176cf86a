import { useEffect, useState, type RefObject } from 'react';

/** Controls a floating button must never sit on, whatever share of them it covers. */
const CONTROL = 'button, input, select, textarea, summary, label, [role="button"], [role="switch"], [role="tab"]';
const LINK = 'a[href], [tabindex]:not([tabindex="-1"])';

/** Points of the button probed (fractions of its box): its centre and four inset corners. */
const PROBES = [
  [0.5, 0.5],
  [0.15, 0.15],
  [0.85, 0.15],
  [0.15, 0.85],
  [0.85, 0.85],
] as const;

function overlapArea(a: DOMRect, b: DOMRect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** True when something the visitor may click or type in lies under `button`. */
function coversAControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  for (const [fx, fy] of PROBES) {
    const x = box.left + box.width * fx;
    const y = box.top + box.height * fy;
    for (const el of document.elementsFromPoint(x, y)) {
      if (button.contains(el)) continue;
      if (el.closest(CONTROL)) return true;
      // A link counts when a good part of it is hidden (a footer link, a "Details" link); a big
      // card link with a corner under the button can still be clicked.
      const link = el.closest(LINK);
      if (link) {
        const rect = link.getBoundingClientRect();
        if (overlapArea(rect, box) >= (rect.width * rect.height) / 4) return true;
      }
      // Only what is directly under the button counts, not what lies beneath that.
      break;
    }
  }
  return false;
}

/**
 * For a floating button (the chat button, the desktop cookie button): true while it would cover
 * a control of the page (a button, a field, a label, a small link) at the current scroll
 * position, so the button steps aside (hidden, and out of the way of clicks) until the visitor
 * scrolls on. Probed after each scroll or resize and on each new `page` (its path), at most once
 * a frame. False on the server and while `enabled` is false.
 */
export function useCoversControl(ref: RefObject<HTMLElement | null>, enabled: boolean, page: string): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    const button = ref.current;
    if (!enabled || !button) {
      setCovers(false);
      return;
    }
    let frame = 0;
    const probe = () => {
      frame = 0;
      // While hidden the button lets clicks and hit tests through (pointer-events: none), so
      // the page under it is probed the same way either way.
      setCovers(coversAControl(button));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(probe);
    };
    schedule();
    // Content that moves without a scroll (an accordion, a late image, a new page) resizes the body.
    const body = new ResizeObserver(schedule);
    body.observe(document.body);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      body.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ref, enabled, page]);
  return covers;
}
