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

/**
 * Where the frame scrolls to show a section: its middle in the middle of the viewport below the
 * sticky header (`scroll-padding-top`, as scrollIntoView's `block: 'center'` does), or, when it
 * is taller than that, its top just below the header, so its heading shows. Smoothly, or at once
 * for someone who asked for less motion. The browser keeps it within the page.
 */
export function centredScroll(
  box: { top: number; height: number },
  view: { scrollY: number; innerHeight: number; paddingTop: number },
  reducedMotion: boolean,
): ScrollToOptions {
  const visible = view.innerHeight - view.paddingTop;
  const above = box.height < visible ? (visible - box.height) / 2 : 0;
  return {
    top: Math.round(view.scrollY + box.top - view.paddingTop - above),
    behavior: reducedMotion ? 'auto' : 'smooth',
  };
}

/**
 * Scrolls the frame to show `target` (centredScroll) and outlines it for FOCUS_RING_MS. Only the
 * frame's own page scrolls: scrollIntoView would scroll the panel around the frame too.
 */
export function revealSection(target: Element): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const paddingTop = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const view = { scrollY: window.scrollY, innerHeight: window.innerHeight, paddingTop };
  window.scrollTo(centredScroll(target.getBoundingClientRect(), view, reduced));
  showFocusRing(target, reduced);
}

/** The ring showing now and what keeps it on its section: a newer one ends both. */
let current: { ring: HTMLElement; watch: ResizeObserver | null } | null = null;

/**
 * A 2 px ring over `target`, drawn inside its box (a full-width section's edges are the frame's),
 * that neither takes clicks nor is read out. It is placed in the document, not the viewport, so it
 * scrolls with the section, and placed again while it shows whenever the section or the page
 * changes size (a picture above it loading, the section's own data filling in); a newer one
 * replaces it.
 */
function showFocusRing(target: Element, reduced: boolean): void {
  current?.watch?.disconnect();
  current?.ring.remove();
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
  const place = () => {
    const at = ring.getBoundingClientRect();
    const originTop = at.top - parseFloat(ring.style.top);
    const originLeft = at.left - parseFloat(ring.style.left);
    const box = target.getBoundingClientRect();
    Object.assign(ring.style, {
      top: `${box.top - originTop}px`,
      left: `${box.left - originLeft}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
    });
  };
  place();
  const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
  watch?.observe(target);
  watch?.observe(document.body);
  const shown = { ring, watch };
  current = shown;
  window.setTimeout(() => (ring.style.opacity = '0'), FOCUS_RING_MS - FADE_MS);
  window.setTimeout(() => {
    watch?.disconnect();
    ring.remove();
    if (current === shown) current = null;
  }, FOCUS_RING_MS);
}
