import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { OptionalCookieGroup } from '@shopfront/shared';
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
 * Spec section 2 "Cookie banner": the banner (until a choice is stored), the preferences dialog,
 * and the small cookie button that reopens it. Nothing at all with the cookie warning off.
 */
export function CookieConsent() {
  const consent = useConsent();
  if (!consent.enabled) return null;
  return (
    <>
      {consent.choice === null ? <CookieBanner /> : <CookieButton />}
      <LazyCookiePreferences />
    </>
  );
}

const ALL: readonly OptionalCookieGroup[] = OPTIONAL_GROUPS;

function CookieBanner() {
  const { storefront } = useShop();
  const { save, openPreferences } = useConsent();
  const titleId = useId();
  const { title, message } = storefront.cookie_warning;
  return (
    <section
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="cookie-banner fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-50 rounded-2xl border border-ink/10 bg-background p-5 text-ink shadow-[0_12px_40px_-12px_rgb(0_0_0/0.35)] md:inset-x-auto md:bottom-6 md:left-6 md:w-[26rem] md:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title || 'Cookies'}
      </h2>
      {message && <p className="mt-2 text-sm leading-relaxed text-ink/80">{message}</p>}
      <div className="mt-4 grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-primary col-span-2 min-h-11" onClick={() => save(ALL)}>
          Accept All
        </button>
        <button type="button" className="btn btn-outline min-h-11 px-3" onClick={() => save([])}>
          Decline All
        </button>
        <button type="button" className="btn btn-outline min-h-11 px-3" onClick={openPreferences}>
          Cookie Preferences
        </button>
      </div>
    </section>
  );
}

/**
 * Reopens the preferences, from md (768 px) up: docked to the left edge of the window, in the
 * page's side margin from lg (40 px there), so it covers little content; below lg it is a full
 * 44 × 44 px target wider than the 24 px margin. Wherever a control still lies under it (a
 * full-bleed section, a field near the edge) it steps aside (floating-clearance.ts). Phones go without it: there it
 * would sit on prices, buttons and form fields, and the footer's Manage Cookies reopens the
 * preferences (spec section 2).
 */
function CookieButton() {
  const { openPreferences } = useConsent();
  const { pathname } = useLocation();
  const ref = useRef<HTMLButtonElement>(null);
  const stepAside = useCoversControl(ref, true, pathname);
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
      className={`cookie-button fixed bottom-6 left-0 z-30 hidden h-11 w-11 items-center justify-center rounded-r-xl border border-l-0 border-ink/10 bg-background text-ink shadow-md transition-[opacity,background-color] duration-200 hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:inline-flex lg:w-10 ${
        stepAside ? 'pointer-events-none opacity-0' : 'opacity-100'
      }`}
    >
      <CookieIcon className="size-5" />
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
