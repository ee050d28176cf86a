import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { OptionalCookieGroup } from '@shopfront/shared';
import { Container } from '../../components/container';
import { useShop } from '../../lib/shop';
import { useConsent } from './consent-context';
import { useCoversControl } from './floating-clearance';
import { OPTIONAL_GROUPS } from './preferences';
import { CookieIcon } from '../../components/ui/icons';

// The preferences dialog is fetched when first opened: the banner alone is what a visitor sees.
const CookiePreferences = lazy(() => import('./cookie-preferences').then((m) => ({ default: m.CookiePreferences })));

/** Mounts the preferences dialog from the first time it is opened on (then it stays). */
function LazyCookiePreferences() {
  const { preferencesOpen } = useConsent();
  const [wanted, setWanted] = useState(false);
  if (preferencesOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CookiePreferences />
    </Suspense>
  );
}

/**
 * Spec section 2 "Cookie banner": the preferences dialog and, after a choice, the small cookie
 * button that reopens it. The banner itself is CookieBanner, at the top of the page. Nothing at
 * all with the cookie warning off.
 */
export function CookieConsent() {
  const consent = useConsent();
  if (!consent.enabled) return null;
  return (
    <>
      {consent.choice !== null && <CookieButton />}
      <LazyCookiePreferences />
    </>
  );
}

const ALL: readonly OptionalCookieGroup[] = OPTIONAL_GROUPS;

/**
 * The banner, until a choice is stored (spec section 4). A strip at the very top of the page, in
 * its flow, first after the skip link: the first thing a keyboard reaches, and it never covers a
 * button, a price or a field (nothing floats over the page; the product page's Add to cart and
 * the checkout's Continue stay free). On a phone it is the message (two lines) above the three
 * buttons in one row; from md up one line. A login dialog opened by the page waits above it: the
 * banner is part of the page behind the dialog's backdrop, and is answered once it closes.
 */
export function CookieBanner() {
  const { storefront } = useShop();
  const { enabled, choice, save, openPreferences } = useConsent();
  const titleId = useId();
  if (!enabled || choice !== null) return null;
  const { title, message } = storefront.cookie_warning;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="cookie-banner border-b border-ink/10 bg-surface text-ink"
    >
      <Container className="flex flex-col gap-2.5 py-3 md:flex-row md:items-center md:gap-6">
        <div className="min-w-0 text-sm leading-snug md:flex-1">
          {/* The title names the region everywhere; phones show only the message, to stay short. */}
          <h2 id={titleId} className="sr-only font-body font-semibold tracking-normal md:not-sr-only md:inline">
            {title || 'Cookies'}
          </h2>
          {message && <p className="text-ink/80 md:ml-1.5 md:inline">{message}</p>}
        </div>
        <div className="grid shrink-0 grid-cols-3 gap-2 md:flex">
          <button
            type="button"
            className="btn btn-primary min-h-11 px-2 tracking-normal md:px-5"
            onClick={() => save(ALL)}
          >
            Accept All
          </button>
          <button
            type="button"
            className="btn btn-outline min-h-11 px-2 tracking-normal md:px-5"
            onClick={() => save([])}
          >
            Decline All
          </button>
          <button
            type="button"
            className="btn btn-outline min-h-11 px-2 tracking-normal md:px-5"
            onClick={openPreferences}
            aria-haspopup="dialog"
            aria-label="Cookie Preferences"
          >
            <span className="md:hidden">Preferences</span>
            <span className="hidden md:inline">Cookie Preferences</span>
          </button>
        </div>
      </Container>
    </section>
  );
}

/**
 * Reopens the preferences after a choice (spec section 2: a small cookie icon): docked to the
 * left edge of the window, low on the screen. On a phone a slim 28 × 44 px tab just above the
 * fixed footer bar (12 px of it over the page's 16 px margin); from md a 44 px square; from lg
 * 40 px wide, inside the page's 40 px side margin, so it covers no content. Wherever a control
 * or a line of text still lies under it (a full-bleed section, a field near the edge) it steps
 * aside until the shopper scrolls on (floating-clearance.ts). The footer's Manage Cookies
 * reopens the preferences too.
 */
function CookieButton() {
  const { openPreferences } = useConsent();
  const { pathname } = useLocation();
  const ref = useRef<HTMLButtonElement>(null);
  const stepAside = useCoversControl(ref, true, pathname, { text: true });
  return (
    <button
      ref={ref}
      type="button"
      onClick={openPreferences}
      aria-label="Cookie preferences"
      title="Cookie preferences"
      data-testid="cookie-button"
      data-visible={stepAside ? 'false' : 'true'}
      inert={stepAside}
      className={`cookie-button fixed bottom-[calc(4.75rem+env(safe-area-inset-bottom))] left-0 z-30 inline-flex h-11 w-7 items-center justify-center rounded-r-xl border border-l-0 border-ink/10 bg-background text-ink shadow-md transition-[opacity,background-color] duration-200 hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:bottom-6 md:w-11 lg:w-10 ${
        stepAside ? 'pointer-events-none opacity-0' : 'opacity-100'
      }`}
    >
      <CookieIcon className="size-[18px] md:size-5" />
    </button>
  );
}

/** The footer's item (spec section 2: a Manage Cookies button reopens the preferences). */
export function ManageCookiesItem() {
  const { enabled, openPreferences } = useConsent();
  if (!enabled) return null;
  return (
    <li>
      <button
        type="button"
        onClick={openPreferences}
        className="manage-cookies inline-flex min-h-11 items-center hover:underline"
      >
        Manage Cookies
      </button>
    </li>
  );
}
