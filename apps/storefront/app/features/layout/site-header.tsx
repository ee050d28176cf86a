import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Container } from '../../components/container';
import { BagIcon, CloseIcon, SearchIcon, UserIcon } from '../../components/ui/icons';
import { storeMode, storeName, useShop } from '../../lib/shop';
import { useScrolledPast } from '../../lib/use-scroll';
import { useAuth } from '../auth/auth-context';
import { useCartUi } from '../cart/cart-ui';
import { useCartCount } from '../cart/use-cart-count';
import { ChannelPicker } from '../channels/channel-picker';
import { useShopMenus } from '../preview/preview-context';
import { AdminPanelLink } from '../store-state/admin-panel-link';
import { MainNav } from './main-nav';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { useHideOnScroll } from './use-hide-on-scroll';

/** Spec section 9: the sticky header shows its stuck state after 50 px of scrolling. */
const STUCK_AFTER_PX = 50;
/** The header's height below lg (h-16), and where it may start to slide away on scroll. */
const HEADER_HEIGHT_PX = 64;
const SLIDING_HEADER_MEDIA = '(max-width: 1023.98px)';

const iconButton = 'relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-ink/5';

function Logo() {
  const shop = useShop();
  const name = storeName(shop);
  const logo = shop.storefront.logo;
  return (
    <Link to="/" prefetch="intent" className="flex min-w-0 items-center" aria-label={`${name}, home`}>
      {logo ? (
        <img src={logo.url} alt={logo.alt || name} className="h-9 w-auto max-w-[160px] object-contain md:h-10" />
      ) : (
        <span className="font-heading truncate text-xl font-semibold tracking-tight md:text-2xl">{name}</span>
      )}
    </Link>
  );
}

/**
 * Cart icon with the total quantity when above 0. With JavaScript it opens the cart drawer;
 * without, it is a link to /cart.
 */
function CartLink() {
  const count = useCartCount();
  const { openDrawer } = useCartUi();
  const { pathname } = useLocation();
  return (
    <Link
      to="/cart"
      prefetch="intent"
      className={iconButton}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-haspopup={pathname === '/cart' ? undefined : 'dialog'}
      data-testid="header-cart"
      onClick={(e) => {
        if (pathname === '/cart' || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        openDrawer();
      }}
    >
      <BagIcon className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="header-cart-count"
          className="absolute top-1 right-0.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-on-primary"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/**
 * Account icon: customers go to /account; for guests it opens the login dialog (without
 * JavaScript the link still leads to /account, whose guard offers the login).
 */
function AccountLink() {
  const { loggedIn, user, store } = useAuth();
  return (
    <Link
      to="/account"
      prefetch={loggedIn ? 'intent' : 'none'}
      className={iconButton}
      aria-label={loggedIn ? `My account${user?.first_name ? ` (${user.first_name})` : ''}` : 'Login'}
      aria-haspopup={loggedIn ? undefined : 'dialog'}
      data-account-link={loggedIn ? 'customer' : 'guest'}
      onClick={(e) => {
        // Still loading the account of a shared page (ADR 31): /account is rendered for them.
        if (loggedIn || store.getState().checking) return;
        e.preventDefault();
        store.openLogin({ redirectTo: null });
      }}
    >
      <UserIcon className="size-6" />
      {loggedIn && (
        <span
          aria-hidden="true"
          className="absolute right-2 bottom-2 size-2.5 rounded-full bg-emerald-500 ring-2 ring-background"
        />
      )}
    </Link>
  );
}

/**
 * Logo, main menu, search, account and cart. Sticky only when the storefront enables it; below
 * the lg breakpoint the sticky header slides away while the shopper scrolls down to read and
 * comes back as soon as they scroll up (or reach it with the keyboard).
 */
export function SiteHeader() {
  const shop = useShop();
  const menus = useShopMenus();
  const sticky = shop.storefront.is_sticky_header_enabled;
  const scrolled = useScrolledPast(STUCK_AFTER_PX);
  const stuck = sticky && scrolled;
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const { hidden, reveal } = useHideOnScroll({
    enabled: sticky && !searchOpen,
    media: SLIDING_HEADER_MEDIA,
    offsetPx: HEADER_HEIGHT_PX,
  });

  // Another page closes the search panel (adjusted while rendering: no second pass).
  const page = `${location.pathname}${location.search}`;
  const [searchPage, setSearchPage] = useState(page);
  if (searchPage !== page) {
    setSearchPage(page);
    setSearchOpen(false);
  }

  return (
    <header
      data-stuck={stuck ? 'true' : 'false'}
      data-hidden={hidden ? 'true' : 'false'}
      onFocus={reveal}
      className={`site-header z-40 border-b bg-background/95 backdrop-blur transition-[box-shadow,translate] duration-200 motion-reduce:transition-none supports-[backdrop-filter]:bg-background/85 ${
        sticky ? 'sticky top-0' : 'relative'
      } ${stuck ? 'stuck border-transparent shadow-[0_6px_24px_-12px_rgb(0_0_0/0.25)]' : 'border-ink/10'} ${
        hidden ? '-translate-y-full shadow-none' : ''
      }`}
    >
      {/* Same height stuck or not: a sticky header that shrinks shifts the page under the reader. */}
      <Container className="flex h-16 items-center gap-2 lg:h-20 lg:gap-8">
        <div className="flex min-w-0 flex-1 items-center gap-1 lg:flex-none">
          <MobileMenu items={menus.main?.items ?? []} storeName={storeName(shop)} />
          <Logo />
        </div>
        <div className="hidden flex-1 justify-center lg:flex">
          <MainNav items={menus.main?.items ?? []} />
        </div>
        <div className="flex items-center justify-end gap-0.5 md:gap-1">
          <SearchForm id="header-search" className="mr-2 hidden w-44 lg:block xl:w-64" />
          <button
            type="button"
            className={`${iconButton} lg:hidden`}
            aria-label={searchOpen ? 'Close search' : 'Search'}
            aria-expanded={searchOpen}
            aria-controls="mobile-search"
            onClick={() => setSearchOpen((v) => !v)}
          >
            {searchOpen ? <CloseIcon className="size-6" /> : <SearchIcon className="size-6" />}
          </button>
          <AdminPanelLink
            compact
            className="hidden h-11 min-w-11 items-center justify-center gap-2 rounded-full text-sm font-semibold whitespace-nowrap text-ink hover:bg-ink/5 lg:inline-flex xl:border xl:border-ink/15 xl:px-4"
          />
          <div className="hidden lg:block">
            <ChannelPicker id="header-channel" variant="header" />
          </div>
          <AccountLink />
          {/* A services shop has no cart: its services are applied for (issue 27). */}
          {storeMode(shop) !== 'services' && <CartLink />}
        </div>
      </Container>
      <div id="mobile-search" hidden={!searchOpen} className="border-t border-ink/10 py-3 lg:hidden">
        <Container>{searchOpen && <SearchForm id="mobile-search-input" autoFocus />}</Container>
      </div>
    </header>
  );
}
