import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuItem } from '@shopfront/shared';
import { SmartLink } from '../../components/smart-link';
import { AdminPanelLink } from '../store-state/admin-panel-link';
import { ArrowRightIcon, BagIcon, ChevronDownIcon, CloseIcon, UserIcon } from '../../components/ui/icons';
import { storeMode, useShop } from '../../lib/shop';
import { useListingPrefetch } from '../catalog/listing/listing-navigation';
import { ChannelPicker } from '../channels/channel-picker';
import { catalogNavGroups, isShopAllUrl, type NavGroup } from './catalog-navigation';
import { SearchForm } from './search-form';

// The mobile menu's drawer content, fetched when the page is idle on a phone (or at the first tap
// on the hamburger): a desktop, where the hamburger never shows, does not download it.

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

/** What the drawer holds once filled: the store's name and close button, search, navigation, links. */
export function DrawerBody({
  items,
  storeName,
  onClose,
}: {
  items: MenuItem[];
  storeName: string;
  onClose: () => void;
}) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center justify-between border-b border-ink/10 px-5">
        <span className="font-heading text-lg font-semibold">{storeName}</span>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close menu"
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5"
        >
          <CloseIcon className="size-6" />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-4">
        <SearchForm id="drawer-search" className="mb-4" />
        <DrawerNav items={items} onNavigate={onClose} />
      </div>
      <div className="grid grid-cols-2 gap-3 border-t border-ink/10 p-5">
        <ChannelPicker id="menu-channel" variant="menu" />
        <AdminPanelLink onClick={onClose} className="btn btn-outline col-span-2" />
        <Link to="/account" onClick={onClose} className="btn btn-outline">
          <UserIcon className="size-4" /> Account
        </Link>
        <Link to="/cart" onClick={onClose} className="btn btn-primary">
          <BagIcon className="size-4" /> Cart
        </Link>
      </div>
    </div>
  );
}
