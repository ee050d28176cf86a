import { useEffect, useState, type RefObject } from 'react';

/**
 * Controls a floating button must never sit on, whatever share of them it covers: a link that
 * looks like a button (`.btn`: an order card's "Request refund", "Pay now") is one too.
 */
const CONTROL = 'button, input, select, textarea, summary, label, .btn, [role="button"], [role="switch"], [role="tab"]';
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

/** Lines of text count as covered when the button hides this much of them, in both directions. */
const TEXT_OVERLAP_PX = 3;

/**
 * True when a line of visible text inside `root` lies under `box`. Only the subtrees whose box
 * meets the button's are walked, so a big container (the page's main column) costs a few rects.
 */
function textUnder(root: Element, box: DOMRect): boolean {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node.nodeType === Node.TEXT_NODE)
        return node.nodeValue?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      return overlapArea((node as Element).getBoundingClientRect(), box) > 0
        ? NodeFilter.FILTER_SKIP
        : NodeFilter.FILTER_REJECT;
    },
  });
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      const w = Math.min(line.right, box.right) - Math.max(line.left, box.left);
      const h = Math.min(line.bottom, box.bottom) - Math.max(line.top, box.top);
      if (w >= TEXT_OVERLAP_PX && h >= TEXT_OVERLAP_PX) return true;
    }
  }
  return false;
}

/**
 * True when something the visitor may click or type in lies under `button`, or, with `text`, a
 * line of text they may be reading (a product's name, a paragraph of a post).
 */
function coversContent(button: HTMLElement, text: boolean): boolean {
  const box = button.getBoundingClientRect();
  if (!box.width || !box.height) return false;
  const underneath = new Set<Element>();
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
      underneath.add(el);
      // Only what is directly under the button counts, not what lies beneath that.
      break;
    }
  }
  if (text) for (const el of underneath) if (textUnder(el, box)) return true;
  return false;
}

/** With `text`, how long the scrolling must rest before a button that stepped aside comes back. */
const SETTLE_MS = 250;

/**
 * For a floating button (the chat, back-to-top and desktop cookie buttons): true while it would
 * cover a control of the page (a button, a field, a label, a small link) at the current scroll
 * position, so the button steps aside (hidden, and out of the way of clicks) until the visitor
 * scrolls on. With `text` (chat, back-to-top) a line of text under it counts too, and a button
 * that stepped aside returns only once the scrolling rests on a free spot: it does not blink in
 * and out between the lines of a post. Probed after each scroll or resize, when a dialog closes
 * and on each new `page` (its path and query), at most once a frame. False on the server and
 * while `enabled` is false.
 */
export function useCoversControl(
  ref: RefObject<HTMLElement | null>,
  enabled: boolean,
  page: string,
  { text = false }: { text?: boolean } = {},
): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    const button = ref.current;
    if (!enabled || !button) {
      setCovers(false);
      return;
    }
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let lastScroll = -Infinity;
    let covering = false;
    const probe = () => {
      frame = 0;
      clearTimeout(settle);
      // While hidden the button lets clicks and hit tests through (pointer-events: none), so
      // the page under it is probed the same way either way.
      const now = coversContent(button, text);
      const resting = performance.now() - lastScroll;
      if (!now && covering && text && resting < SETTLE_MS) {
        settle = setTimeout(schedule, SETTLE_MS - resting);
        return;
      }
      covering = now;
      setCovers(now);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(probe);
    };
    const onScroll = () => {
      lastScroll = performance.now();
      schedule();
    };
    schedule();
    // Content that moves without a scroll (an accordion, a late image, a new page) resizes the body.
    const body = new ResizeObserver(schedule);
    body.observe(document.body);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    // A dialog or drawer that closes uncovers the page under the button (filters applied behind it).
    document.addEventListener('close', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      body.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('close', schedule, true);
    };
  }, [ref, enabled, page, text]);
  return covers;
}
