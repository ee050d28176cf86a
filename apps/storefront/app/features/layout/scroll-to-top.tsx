import { useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { ArrowUpIcon } from '../../components/ui/icons';
import { useScrolledPastHalf } from '../../lib/use-scroll';
import { useCoversControl } from '../consent/floating-clearance';
import { useHideOnScroll } from './use-hide-on-scroll';

type ScrollButtonHandle = { cartPage?: boolean; scrollButton?: 'on-scroll-up' } | undefined;

/** How long the button stays after the shopper stops scrolling up a list of cards. */
const REVEAL_MS = 2500;

/** Appears once the visitor is past half of the page (spec section 9). */
export function ScrollToTop() {
  // Cart and checkout pages have a fixed total bar on phones: the button sits above it there.
  const handles = useMatches().map((m) => m.handle as ScrollButtonHandle);
  const cartPage = handles.some((h) => h?.cartPage);
  // A list of cards (Orders & Refunds): on phones the button would sit on a card's total and
  // actions, so it shows only while the shopper scrolls back up, for a moment after, or at the
  // end of the page. From md up it sits beside the content and stays.
  const { hidden } = useHideOnScroll({
    enabled: handles.some((h) => h?.scrollButton === 'on-scroll-up'),
    media: '(max-width: 767.98px)',
    offsetPx: 0,
    revealMs: REVEAL_MS,
  });
  const wanted = useScrolledPastHalf() && !hidden;
  // Over a link, a control or a line of text (a footer link, a form field, a review's date) it
  // steps aside until the shopper scrolls on to a free spot, like the chat button.
  const ref = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const covers = useCoversControl(ref, wanted, pathname + search, { text: true });
  const visible = wanted && !covers;
  const toTop = () => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
    // Keyboard users continue from the top of the page, not from the vanished button.
    document.getElementById('main-content')?.focus({ preventScroll: true });
  };
  return (
    <button
      ref={ref}
      type="button"
      onClick={toTop}
      aria-label="Back to top"
      // Hidden but still animating out: inert keeps it out of the tab order and the a11y tree.
      inert={!visible}
      data-visible={visible ? 'true' : 'false'}
      // On a phone a chat button in the same corner sits just above the footer bar: this one stacks
      // above it. From md up docked to the window's right edge (from lg inside the 40 px side
      // margin), below the chat tab, beside the content rather than on it.
      className={`scroll-to-top fixed right-4 ${cartPage ? 'bottom-40' : 'bottom-20'} max-md:[aside:has(>[data-chat-side=right])~&]:bottom-[calc(8.25rem+env(safe-area-inset-bottom))] z-30 inline-flex size-11 items-center justify-center rounded-full bg-ink text-background shadow-lg transition-all duration-200 hover:bg-primary md:right-0 md:bottom-6 md:rounded-l-xl md:rounded-r-none lg:w-10 ${
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-3 opacity-0'
      }`}
    >
      <ArrowUpIcon className="size-5" />
    </button>
  );
}
