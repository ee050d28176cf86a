import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from 'react-router';
import { UserSchema, type User } from '@shopfront/shared';
import type { Route } from './+types/root';
import { ErrorScreen, ERROR_TITLES, StandaloneErrorFrame } from './features/errors/error-screens';
import { isCartSubmission } from './features/cart/revalidation';
import { SiteShell } from './features/layout/site-shell';
import { ShopFrame } from './features/store-state/shop-frame';
import { useReloadWhenShopClosed } from './features/store-state/reload-when-closed';
import { storeStateRedirect } from './features/store-state/store-state.server';
import { CONSENT_COOKIE, parseConsent } from './features/consent/preferences';
import { PreviewProvider } from './features/preview/preview-context';
import { adminOriginOf } from './features/preview/preview.server';
import { api, cspNonce, SHELL_MENUS } from './lib/api.server';
import { readCookie } from './lib/cookies';
import { initialFavicon } from './lib/favicon';
import { describeError, errorResponse, logFailure } from './lib/errors';
import { shopMeta } from './lib/meta';
import { NOTICE_COOKIE, noticeFingerprint } from './lib/notice';
import { useRequestNonce } from './lib/nonce';
import { usePageClass } from './lib/page-class';
import { usePageTransition } from './lib/page-transition';
import { useShopData } from './lib/shop';
import { bodyFontFile, storefrontCss } from './lib/theme';
import appCss from './app.css?url';

/**
 * The stylesheet as a link of its own, not as a side effect of the shell's code: a lazily loaded
 * chunk (address form, form validation) would otherwise list it among its own styles, and Vite
 * would add it a second time, after the shop's theme <style>, whose colours and fonts it then
 * overrode with app.css's defaults until the next full load.
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: appCss }];

/** initial-values `account`: the user fields of the logged-in customer, or null for a guest. */
function accountUser(initial: { account?: unknown }): User | null {
  const parsed = UserSchema.safeParse(initial.account);
  return parsed.success ? parsed.data : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  let initial;
  try {
    // One call (ADR 28): settings, storefront, plugins, menus, channel picker and navigation.
    initial = await api(context).shell();
  } catch (err) {
    // No storefront, no shop: spec section 8 answers the server-error page.
    logFailure('storefront initial values failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  const { storefront, settings, license_status } = initial;
  const identity = {
    storeName: settings.store_name || storefront.name,
    ...(settings.store_email ? { storeEmail: settings.store_email } : {}),
  };
  if (license_status === null) throw errorResponse({ kind: 'license-missing', ...identity });
  if (license_status === 'inactive') throw errorResponse({ kind: 'license-inactive', ...identity });
  // Spec section 4: a closed shop sends every other page to the visitor's special page.
  const closed = storeStateRedirect(new URL(request.url).pathname, initial.access);
  if (closed) throw closed;

  const main = initial.menus[SHELL_MENUS.main] ?? null;
  const footer = SHELL_MENUS.footer.map((slug) => initial.menus[slug]).filter((m) => m != null);

  return {
    storefront,
    settings,
    host: initial.host,
    plugins: initial.plugins,
    menus: { main, footer },
    channels: initial.channels,
    navigation: {
      categories: initial.navigation.categories,
      superCategories: initial.navigation.super_categories,
      collections: initial.navigation.collections,
    },
    themeCss: storefrontCss(storefront),
    /** The text's web font file, preloaded: without it the font is asked for only once the CSS is applied. */
    bodyFont: bodyFontFile(storefront),
    fallbackIcon: storefront.favicon.length ? null : initialFavicon(identity.storeName, storefront.theme.primary),
    noticeClosed:
      readCookie(request.headers.get('cookie'), NOTICE_COOKIE) === noticeFingerprint(storefront.notice_bar.message),
    /** The signed-in customer of this session, or null (the server session is the authority). */
    account: accountUser(initial),
    /** The visitor's store state, and the Admin Panel link for signed-in staff. */
    access: initial.access,
    nonce: cspNonce(context),
    /** The stored cookie choice (null: none yet, the banner shows): read here so it never flashes. */
    consent: parseConsent(readCookie(request.headers.get('cookie'), CONSENT_COOKIE)),
    /** The admin panel that may frame the shop and drive its preview (docs/preview-protocol.md). */
    adminOrigin: adminOriginOf(context),
    year: new Date().getFullYear(),
  };
}

/** Settings and menus change rarely: reload them after a form submission, not on every click. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { formMethod, defaultShouldRevalidate } = args;
  // A cart change (Add to cart, the cart page's steppers) touches none of it.
  if (isCartSubmission(args)) return false;
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  if (error) {
    const view = describeError(error);
    const title = view.kind === 'server-error' ? 'Server Error' : ERROR_TITLES[view.kind].replace(/!$/, '');
    return [...shopMeta(loaderData, { title }), { name: 'robots', content: 'noindex' }];
  }
  return shopMeta(loaderData);
}

function FaviconLinks({ icons }: { icons: { size: number; url: string }[] }) {
  return icons.map(({ size, url }) =>
    size >= 180 ? (
      <link key={size} rel="apple-touch-icon" sizes={`${size}x${size}`} href={url} />
    ) : (
      // Size 0: one icon the owner chose for every size (PATCH /api/admin/storefront favicon).
      <link key={size} rel="icon" sizes={size ? `${size}x${size}` : 'any'} href={url} />
    ),
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const shop = useShopData();
  const pageClass = usePageClass();
  const requestNonce = useRequestNonce();
  const nonce = shop?.nonce ?? requestNonce;
  // Marks the moment the page became interactive: browser tests wait for it, CSS may use it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        {shop?.bodyFont && (
          <link rel="preload" href={shop.bodyFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        )}
        <Links />
        {shop && <meta name="theme-color" content={shop.storefront.theme.primary} />}
        {shop && <FaviconLinks icons={shop.storefront.favicon} />}
        {shop?.fallbackIcon && <link rel="icon" type="image/svg+xml" href={shop.fallbackIcon} />}
        {!shop && <link rel="icon" href="data:," />}
        {shop?.themeCss && <style nonce={nonce?.style} dangerouslySetInnerHTML={{ __html: shop.themeCss }} />}
      </head>
      <body className={`${pageClass} flex min-h-dvh flex-col`} data-layout={shop?.storefront.page_layout ?? 'boxed'}>
        {children}
        <ScrollRestoration nonce={nonce?.script} />
        <Scripts nonce={nonce?.script} />
      </body>
    </html>
  );
}

export default function App() {
  const shop = useShopData();
  usePageTransition();
  return (
    <PreviewProvider adminOrigin={shop?.adminOrigin ?? null}>
      <ShopFrame>
        <Outlet />
      </ShopFrame>
    </PreviewProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shop = useShopData();
  const view = describeError(error);
  // The shop closed while this tab was open (its shell still says open): the gate's answer
  // becomes its special page. Without shell data (the root loader itself failed) there is
  // nothing to ask.
  useReloadWhenShopClosed(shop?.access.state === 'open' ? view.status : null);
  // A closed shop's error screens get no shell: no links into the shop it hides.
  if (shop && shop.access.state === 'open') {
    if (!view.storeEmail && shop.settings.store_email) view.storeEmail = shop.settings.store_email;
    return (
      <SiteShell>
        <ErrorScreen view={view} />
      </SiteShell>
    );
  }
  return (
    <StandaloneErrorFrame>
      <ErrorScreen view={view} />
    </StandaloneErrorFrame>
  );
}
