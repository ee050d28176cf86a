import type { ComponentType } from 'react';
import { NavLink, useMatches } from 'react-router';
import { BagIcon, DocumentIcon, HomeIcon, StoreIcon, UserIcon } from '../../components/ui/icons';
import { storeMode, useShop } from '../../lib/shop';
import { useCartCount } from '../cart/use-cart-count';
import { useHideOnScroll } from './use-hide-on-scroll';

type Item = { to: string; label: string; Icon: ComponentType<{ className?: string }> };

const ITEMS: Item[] = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/shop-online', label: 'Shop', Icon: StoreIcon },
  { to: '/cart', label: 'Cart', Icon: BagIcon },
  { to: '/account', label: 'Account', Icon: UserIcon },
];

/** Services mode (issue 27): services are applied for, never carted, so the cart's place is the applicant's applications. */
const SERVICES_ITEMS: Item[] = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/shop-online', label: 'Services', Icon: StoreIcon },
  { to: '/account/applications', label: 'Applications', Icon: DocumentIcon },
  { to: '/account', label: 'Account', Icon: UserIcon },
];

/**
 * Thumb-reach navigation fixed to the bottom of small screens (spec section 2). It gives the
 * screen back while the shopper scrolls down to read and returns when they scroll up, reach the
 * end of the page or tab into it; on the cart and checkout steps, whose total bar sits on it, it
 * stays.
 */
export function MobileFooter() {
  const count = useCartCount();
  const cartPage = useMatches().some((m) => (m.handle as { cartPage?: boolean } | undefined)?.cartPage);
  const { hidden, reveal } = useHideOnScroll({ enabled: !cartPage, media: '(max-width: 767.98px)', offsetPx: 64 });
  const items = storeMode(useShop()) === 'services' ? SERVICES_ITEMS : ITEMS;
  return (
    <nav
      aria-label="Quick links"
      data-hidden={hidden ? 'true' : 'false'}
      onFocus={reveal}
      className={`mobile-footer fixed inset-x-0 bottom-0 z-40 border-t border-ink/10 bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur transition-[translate] duration-200 motion-reduce:transition-none md:hidden ${
        hidden ? 'translate-y-full' : ''
      }`}
    >
      <ul className="grid h-16 grid-cols-4">
        {items.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              // Beside Applications (/account/applications), Account lights up only on its own page.
              end={to === '/' || (to === '/account' && items === SERVICES_ITEMS)}
              prefetch="intent"
              className={({ isActive }) =>
                `flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium tracking-wide ${isActive ? 'text-primary' : 'text-muted hover:text-ink'}`
              }
            >
              <span className="relative">
                <Icon className="size-6" />
                {to === '/cart' && count > 0 && (
                  <span
                    data-testid="footer-cart-count"
                    className="absolute -top-1.5 -right-2.5 inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-on-primary"
                  >
                    {count > 99 ? '99+' : count}
                  </span>
                )}
              </span>
              <span>
                {label}
                {to === '/cart' && count > 0 && <span className="sr-only">, {count} items</span>}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
