import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import { Toaster } from '../../components/ui/toast';
import { useHeartBeat } from '../../lib/heart-beat';
import { useShop } from '../../lib/shop';
import { AuthProvider } from '../auth/auth-context';
import { defaultAuthMode } from '../auth/auth-store';
import { LazyAuthDialogs } from '../auth/lazy-auth-dialogs';
import { LazyCartDrawer } from '../cart/lazy-cart-drawer';
import { CartUiProvider } from '../cart/cart-ui';
import { CartSync } from '../cart/use-cart';
import { ConsentProvider } from '../consent/consent-context';
import { CookieBanner, CookieConsent } from '../consent/cookie-consent';
import { AnalyticsHost } from '../plugins/analytics/analytics-host';
import { CheckoutHeader } from '../checkout/checkout-header';
import { QuickviewHost } from '../catalog/quickview/quickview-host';
import { ChatButton } from '../plugins/chat-button';
import { StaffBar } from '../store-state/staff-bar';
import { LoadingBar } from './loading-bar';
import { MobileFooter } from './mobile-footer';
import { NoticeBar } from './notice-bar';
import { RouteFocus } from './route-focus';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { Topbar } from './topbar';

/** A route whose handle says `checkout: true` (the address and payment steps). */
function useIsCheckout(): boolean {
  return useMatches().some((m) => (m.handle as { checkout?: boolean } | undefined)?.checkout === true);
}

/**
 * Topbar, notice bar, header, page body and footer around every shop page and error screen.
 * The checkout steps get none of it (no menus, search, footer, tab bar or floating buttons):
 * their own header (logo, help), and the cookie banner early in the focus order, right after it.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const { storefront, settings, account } = useShop();
  const checkout = useIsCheckout();
  useHeartBeat();
  return (
    <AuthProvider user={account} defaultMode={defaultAuthMode(settings)}>
      <ConsentProvider>
        <CartUiProvider>
          <QuickviewHost>
            <a
              href="#main-content"
              className="sr-only z-[70] rounded-full bg-ink px-4 py-2 text-sm font-semibold text-background focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
            >
              Skip to content
            </a>
            <CookieBanner />
            <LoadingBar />
            <StaffBar />
            {checkout ? (
              <>
                <CheckoutHeader />
                <CookieConsent />
              </>
            ) : (
              <>
                <Topbar />
                <NoticeBar />
                <SiteHeader />
              </>
            )}
            <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
              <RouteFocus />
              {children}
            </main>
            {!checkout && (
              <>
                <SiteFooter />
                <MobileFooter />
                <ChatButton />
                {storefront.is_scroll_button_enabled && <ScrollToTop />}
              </>
            )}
            <LazyAuthDialogs />
            <CartSync />
            <LazyCartDrawer />
            <Toaster />
            {!checkout && <CookieConsent />}
            <AnalyticsHost />
          </QuickviewHost>
        </CartUiProvider>
      </ConsentProvider>
    </AuthProvider>
  );
}
