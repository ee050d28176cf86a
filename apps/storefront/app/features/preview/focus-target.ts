/**
 * The page's side of `shopfront:preview:focus`: in preview mode each template section is wrapped
 * in an element carrying its key (`display: contents`, so the layout is the shoppers'); the
 * section's own first element is scrolled to the middle of the frame and outlined for a moment.
 */

/** The attribute of the wrapper each template section gets in preview mode. */
export const SECTION_KEY_ATTRIBUTE = 'data-section-key';
/** How long the outline stays, fading out over its last FADE_MS. */
export const FOCUS_RING_MS = 1500;
const FADE_MS = 300;
const RING_ATTRIBUTE = 'data-preview-focus-ring';

/** The element showing section `key` (its wrapper's first element child), or null when not rendered. */
export function sectionTarget(root: ParentNode, key: string): Element | null {
  // Keys are [a-z0-9-] (parseParentMessage checks them), so the selector cannot be broken out of.
  return root.querySelector(`[${SECTION_KEY_ATTRIBUTE}="${key}"]`)?.firstElementChild ?? null;
}

/** How to scroll to a section: at once for someone who asked for less motion, else smoothly. */
export function scrollOptions(reducedMotion: boolean): ScrollIntoViewOptions {
  return { block: 'center', behavior: reducedMotion ? 'auto' : 'smooth' };
}

/** Scrolls `target` to the middle of the frame and outlines it for FOCUS_RING_MS. */
export function revealSection(target: Element): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView(scrollOptions(reduced));
  showFocusRing(target, reduced);
}

/**
 * A 2 px ring over `target`, drawn inside its box (a full-width section's edges are the frame's),
 * that neither takes clicks nor is read out. It is placed in the document, not the viewport, so it
 * scrolls with the section; a newer one replaces it.
 */
function showFocusRing(target: Element, reduced: boolean): void {
  document.querySelector(`[${RING_ATTRIBUTE}]`)?.remove();
  const ring = document.createElement('div');
  ring.setAttribute(RING_ATTRIBUTE, '');
  ring.setAttribute('aria-hidden', 'true');
  // Set through the CSSOM, which the page's CSP (nonce'd styles only) allows.
  Object.assign(ring.style, {
    position: 'absolute',
    top: '0px',
    left: '0px',
    zIndex: '60',
    pointerEvents: 'none',
    boxShadow: 'inset 0 0 0 2px var(--color-primary)',
    transition: reduced ? 'none' : `opacity ${FADE_MS}ms ease-out`,
  });
  document.body.append(ring);
  // Wherever the ring's containing block is (custom CSS may position the body), measure from it.
  const origin = ring.getBoundingClientRect();
  const box = target.getBoundingClientRect();
  Object.assign(ring.style, {
    top: `${box.top - origin.top}px`,
    left: `${box.left - origin.left}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
  });
  window.setTimeout(() => (ring.style.opacity = '0'), FOCUS_RING_MS - FADE_MS);
  window.setTimeout(() => ring.remove(), FOCUS_RING_MS);
}
