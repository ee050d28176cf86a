import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The path whose page last received the focus. Module state (browser only: effects never run on
 * the server) so that the shell remounting under an error screen still sees where it came from.
 */
let lastPath: string | null = null;

/** Fields the new page may have focused itself (a search box, the first field of a form). */
const FIELD = 'input, select, textarea, [contenteditable="true"]';

/**
 * After a client-side navigation to another page, moves the focus from the link that was used
 * (in a menu that is still there) to the new page's heading, else to the main content, and
 * announces the page's title, as a full page load would. Only a new path counts: filters, sort
 * and list pages (the query) and anchors keep the shopper where they are, and so does a field or
 * dialog the new page focused itself.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  // Written directly: the live region's text is an announcement, not state to render.
  const announcer = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const previous = lastPath;
    lastPath = pathname;
    if (previous === null || previous === pathname || hash) return;
    if (announcer.current) announcer.current.textContent = document.title;
    const active = document.activeElement;
    if (active instanceof HTMLElement && (active.matches(FIELD) || active.closest('dialog[open], [aria-modal="true"]')))
      return;
    const main = document.getElementById('main-content');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    // Focusable from script only: the heading does not join the tab order.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname, hash]);

  return <p ref={announcer} aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer" />;
}
