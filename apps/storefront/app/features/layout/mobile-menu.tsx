import { startTransition, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '@shopfront/shared';
import { SmartLink } from '../../components/smart-link';
import { AdminPanelLink } from '../store-state/admin-panel-link';
import { ArrowRightIcon, BagIcon, ChevronDownIcon, CloseIcon, MenuIcon, UserIcon } from '../../components/ui/icons';
import { storeMode, useShop } from '../../lib/shop';
import { useListingPrefetch } from '../catalog/listing/listing-navigation';
import { ChannelPicker } from '../channels/channel-picker';
import { catalogNavGroups, isShopAllUrl, type NavGroup } from './catalog-navigation';
import { SearchForm } from './search-form';

const DRAWER_ID = 'mobile-menu';

/**
 * Up to this many categories and collections, every catalogue section starts open: each one is
 * then two taps away (the menu button, the link). A bigger catalogue starts folded, so the
 * sections' titles fit on a screen.
 */
const OPEN_SECTIONS_UP_TO = 30;

function ExpandButton({
  expanded,
  controls,
  onClick,
  label,
  children,
}: {
  expanded: boolean;
  controls: string;
  onClick: () => void;
  label?: string;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={label}
      onClick={onClick}
      className={`flex min-h-11 items-center rounded-lg hover:bg-surface ${children ? 'w-full justify-between gap-3 px-2 text-left' : 'w-11 shrink-0 justify-center'}`}
    >
      {children}
      <ChevronDownIcon
        aria-hidden="true"
        className={`size-5 shrink-0 text-muted transition-transform ${expanded ? 'rotate-180' : ''}`}
      />
    </button>
  );
}

/** A catalogue section: its title folds and unfolds two columns of links. */
function CatalogSection({
  group,
  defaultOpen,
  onNavigate,
}: {
  group: NavGroup;
  defaultOpen: boolean;
  onNavigate: () => void;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <li className="py-1">
      <h2 className="font-body text-[15px] font-semibold">
        <ExpandButton expanded={open} controls={id} onClick={() => setOpen((v) => !v)}>
          {group.title}
        </ExpandButton>
      </h2>
      <ul id={id} hidden={!open} className="grid grid-cols-2 gap-x-2 pb-2">
        {group.links.map((link) => (
          <li key={link.url} className={link.depth ? 'col-span-2 pl-3' : ''}>
            <SmartLink
              to={link.url}
              nav
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex min-h-11 items-center rounded-lg px-2 text-[15px] leading-tight hover:bg-surface ${isActive ? 'font-semibold text-primary' : 'text-ink'}`
              }
            >
              {link.label}
            </SmartLink>
          </li>
        ))}
        {group.url && (
          <li className="col-span-2">
            <SmartLink
              to={group.url}
              onClick={onNavigate}
              className="flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-primary hover:bg-surface"
            >
              All {group.title}
            </SmartLink>
          </li>
        )}
      </ul>
    </li>
  );
}

/** A main-menu entry: its link, and its children behind an expand button. */
function MenuEntry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li>
      <div className="flex items-center gap-1">
        <SmartLink
          to={item.url}
          nav
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex min-h-11 flex-1 items-center rounded-lg px-2 text-[17px] font-medium hover:bg-surface ${isActive ? 'text-primary' : 'text-ink'}`
          }
        >
          {item.label}
        </SmartLink>
        {item.children.length > 0 && (
          <ExpandButton
            expanded={open}
            controls={id}
            onClick={() => setOpen((v) => !v)}
            label={`More in ${item.label}`}
          />
        )}
      </div>
      {item.children.length > 0 && (
        <ul id={id} hidden={!open} className="mb-1 ml-4 border-l border-ink/10 pl-2">
          {item.children.map((child) => (
            <li key={child.id}>
              <SmartLink
                to={child.url}
                nav
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex min-h-11 items-center rounded-lg px-2 text-[15px] hover:bg-surface ${isActive ? 'text-primary' : 'text-ink'}`
                }
              >
                {child.label}
              </SmartLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The drawer's navigation: the catalogue first (a section per super category, the loose
 * categories and the collections, then all products), the main menu's pages after it.
 */
function DrawerNav({ items, onNavigate }: { items: MenuItem[]; onNavigate: () => void }) {
  const shop = useShop();
  const { navigation } = shop;
  const groups = useMemo(() => catalogNavGroups(navigation), [navigation]);
  const shopItem = groups.length ? items.find((item) => isShopAllUrl(item.url)) : undefined;
  // With the catalogue shown, its "Shop all products" link replaces the menu's shop-all entry.
  const pages = shopItem ? items.filter((item) => item !== shopItem) : items;
  const linkCount = groups.reduce((n, g) => n + g.links.length, 0);
  // A category's listing is fetched as soon as a finger touches its link: the tap shows it sooner.
  const prefetch = useListingPrefetch();
  return (
    <nav aria-label="Mobile" {...prefetch}>
      {groups.length > 0 && (
        <>
          <ul className="divide-y divide-ink/10 border-b border-ink/10">
            {groups.map((group) => (
              <CatalogSection
                key={group.key}
                group={group}
                defaultOpen={linkCount <= OPEN_SECTIONS_UP_TO}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
          <SmartLink
            to={shopItem?.url ?? '/shop-online'}
            onClick={onNavigate}
            className="mt-2 flex min-h-11 items-center gap-2 rounded-lg px-2 text-[17px] font-semibold text-ink hover:bg-surface"
          >
            {storeMode(shop) === 'services' ? 'See all services' : 'Shop all products'}{' '}
            <ArrowRightIcon className="size-4" />
          </SmartLink>
        </>
      )}
      {pages.length > 0 && (
        <ul className={groups.length ? 'mt-2 border-t border-ink/10 pt-2' : ''}>
          {pages.map((item) => (
            <MenuEntry key={item.id} item={item} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </nav>
  );
}

/**
 * Hamburger and slide-in drawer below the lg breakpoint. A modal <dialog> gives focus
 * trapping, Escape and an inert page behind it without extra code.
 */
export function MobileMenu({ items, storeName }: { items: MenuItem[]; storeName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  // The drawer (a modal <dialog>, so JavaScript's) is filled when first opened, then kept: every
  // page's HTML carries the catalogue once (the desktop menu), not twice.
  const [filled, setFilled] = useState(false);
  const location = useLocation();

  const close = () => dialog.current?.close();

  // Filled when the page is idle (an interruptible render), so that the first tap on the
  // hamburger only opens it: filling it then made that tap the slowest interaction of the page.
  useEffect(() => {
    // Only where the hamburger shows (below lg).
    if (window.matchMedia('(min-width: 1024px)').matches) return;
    const fill = () => startTransition(() => setFilled(true));
    if (!('requestIdleCallback' in window)) {
      const t = setTimeout(fill, 1000);
      return () => clearTimeout(t);
    }
    const id = window.requestIdleCallback(fill, { timeout: 4000 });
    return () => window.cancelIdleCallback(id);
  }, []);

  useEffect(() => {
    close();
  }, [location.pathname, location.search]);

  return (
    <>
      <button
        type="button"
        className="-ml-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5 lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={DRAWER_ID}
        onClick={() => {
          // Filled before it opens: the modal's focus lands on its first control, as before.
          flushSync(() => setFilled(true));
          dialog.current?.showModal();
          setOpen(true);
        }}
      >
        <MenuIcon className="size-6" />
      </button>
      <dialog
        ref={dialog}
        id={DRAWER_ID}
        aria-label="Menu"
        onClose={() => setOpen(false)}
        // A click on the backdrop lands on the <dialog> itself, never on its content.
        onClick={(e) => e.target === e.currentTarget && close()}
        className="mobile-menu fixed inset-y-0 right-auto left-0 m-0 h-dvh max-h-none w-[86vw] max-w-sm bg-background p-0 text-ink shadow-2xl open:animate-[drawer-in_200ms_ease-out]"
      >
        {filled && (
          <div className="flex h-full flex-col">
            <div className="flex h-16 items-center justify-between border-b border-ink/10 px-5">
              <span className="font-heading text-lg font-semibold">{storeName}</span>
              <button
                type="button"
                onClick={close}
                aria-label="Close menu"
                className="-mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5"
              >
                <CloseIcon className="size-6" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto px-5 py-4">
              <SearchForm id="drawer-search" className="mb-4" />
              <DrawerNav items={items} onNavigate={close} />
            </div>
            <div className="grid grid-cols-2 gap-3 border-t border-ink/10 p-5">
              <ChannelPicker id="menu-channel" variant="menu" />
              <AdminPanelLink onClick={close} className="btn btn-outline col-span-2" />
              <Link to="/account" onClick={close} className="btn btn-outline">
                <UserIcon className="size-4" /> Account
              </Link>
              <Link to="/cart" onClick={close} className="btn btn-primary">
                <BagIcon className="size-4" /> Cart
              </Link>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
