import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { MenuItem } from '@shopfront/shared';
import { Container } from '../../components/container';
import { SmartLink } from '../../components/smart-link';
import { ArrowRightIcon, ChevronDownIcon } from '../../components/ui/icons';
import { storeMode, useShop } from '../../lib/shop';
import { useListingPrefetch } from '../catalog/listing/listing-navigation';
import { catalogNavGroups, isShopAllUrl, type NavGroup } from './catalog-navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `relative inline-flex h-11 items-center px-3 text-[15px] font-medium transition-colors hover:text-primary ${
    isActive
      ? 'text-primary after:absolute after:inset-x-3 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-primary'
      : 'text-ink'
  }`;

const toggleClass =
  '-ml-2 inline-flex h-11 w-8 items-center justify-center rounded-full text-ink transition-colors hover:bg-ink/5 hover:text-primary aria-expanded:text-primary';

/** The Shop menu: a column per super category, categories, collections, and the way to all products. */
function CatalogPanel({
  id,
  groups,
  allUrl,
  hidden,
  onNavigate,
}: {
  id: string;
  groups: NavGroup[];
  allUrl: string;
  hidden: boolean;
  onNavigate: () => void;
}) {
  const all = storeMode(useShop()) === 'services' ? 'See all services' : 'Shop all products';
  return (
    // Positioned against the header (the nearest positioned box): full width under it.
    <div
      id={id}
      hidden={hidden}
      data-testid="catalog-menu"
      className="absolute inset-x-0 top-full z-50 border-t border-ink/10 bg-background shadow-[0_24px_48px_-24px_rgb(0_0_0/0.35)]"
    >
      <Container className="max-h-[calc(100dvh-8rem)] overflow-y-auto py-8">
        <div className="grid grid-cols-[repeat(auto-fit,minmax(10.5rem,1fr))] gap-x-8 gap-y-6">
          {groups.map((group) => {
            const titleId = `${id}-${group.key}`;
            return (
              <div key={group.key}>
                <p id={titleId} className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
                  {group.title}
                </p>
                <ul aria-labelledby={titleId} className="mt-2">
                  {group.links.map((link) => (
                    <li key={link.url}>
                      <Link
                        to={link.url}
                        prefetch="intent"
                        onClick={onNavigate}
                        className={`flex min-h-9 items-center rounded-md py-1 text-[15px] hover:text-primary hover:underline ${link.depth ? 'pl-3 text-ink/80' : 'text-ink'}`}
                        style={link.depth > 1 ? { paddingLeft: `${link.depth * 0.75}rem` } : undefined}
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  {group.url && (
                    <li>
                      <Link
                        to={group.url}
                        prefetch="intent"
                        onClick={onNavigate}
                        className="flex min-h-9 items-center py-1 text-sm font-semibold text-primary hover:underline"
                      >
                        All {group.title}
                      </Link>
                    </li>
                  )}
                </ul>
              </div>
            );
          })}
        </div>
        <div className="mt-6 border-t border-ink/10 pt-4">
          <Link
            to={allUrl}
            prefetch="intent"
            onClick={onNavigate}
            className="inline-flex min-h-11 items-center gap-2 text-[15px] font-semibold text-ink hover:text-primary"
          >
            {all} <ArrowRightIcon className="size-4" />
          </Link>
        </div>
      </Container>
    </div>
  );
}

/** A menu item's own children, under it. */
function SubmenuPanel({
  id,
  items,
  hidden,
  onNavigate,
}: {
  id: string;
  items: MenuItem[];
  hidden: boolean;
  onNavigate: () => void;
}) {
  return (
    <ul
      id={id}
      hidden={hidden}
      className="absolute top-full left-0 z-50 min-w-56 rounded-xl border border-ink/10 bg-background p-2 shadow-xl"
    >
      {items.map((child) => (
        <li key={child.id}>
          <SmartLink
            to={child.url}
            onClick={onNavigate}
            className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-surface hover:text-primary"
          >
            {child.label}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Desktop navigation from the 'main-menu'. The item leading to all products gets the catalogue
 * beside it (every super category, category and collection); items with children get their
 * children. Each opens from a disclosure button (aria-expanded), by click, tap or keyboard, never
 * on hover alone; Escape, a click elsewhere, focus leaving the menu or a new page close it.
 */
export function MainNav({ items }: { items: MenuItem[] }) {
  const { navigation } = useShop();
  const groups = useMemo(() => catalogNavGroups(navigation), [navigation]);
  const baseId = useId();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();
  // A category's listing is fetched while the pointer rests on its link: the click shows it at once.
  const prefetch = useListingPrefetch();

  // Another page closes the open menu (adjusted while rendering: no second pass).
  const page = `${location.pathname}${location.search}`;
  const [menuPage, setMenuPage] = useState(page);
  if (menuPage !== page) {
    setMenuPage(page);
    setOpenKey(null);
  }

  useEffect(() => {
    if (!openKey) return;
    const onPointerDown = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setOpenKey(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openKey]);

  const shopIndex = groups.length ? items.findIndex((item) => isShopAllUrl(item.url)) : -1;
  // A menu without a shop-all entry still offers the catalogue, as a button of its own.
  const standaloneCatalog = groups.length > 0 && shopIndex === -1;
  if (!items.length && !standaloneCatalog) return null;

  const toggleId = (key: string) => `${baseId}-${key}-toggle`;
  const panelId = (key: string) => `${baseId}-${key}-panel`;
  const close = () => setOpenKey(null);
  const toggle = (key: string) => setOpenKey((open) => (open === key ? null : key));

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !openKey) return;
    e.preventDefault();
    const key = openKey;
    setOpenKey(null);
    document.getElementById(toggleId(key))?.focus();
  };

  return (
    <nav
      ref={navRef}
      aria-label="Main"
      className="hidden lg:block"
      {...prefetch}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (openKey && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpenKey(null);
      }}
    >
      <ul className="flex items-center gap-1">
        {standaloneCatalog && (
          <li>
            <button
              type="button"
              id={toggleId('catalog')}
              aria-expanded={openKey === 'catalog'}
              aria-controls={panelId('catalog')}
              onClick={() => toggle('catalog')}
              className="inline-flex h-11 items-center gap-1 rounded-full px-3 text-[15px] font-medium text-ink hover:text-primary aria-expanded:text-primary"
            >
              Categories
              <ChevronDownIcon className={`size-4 transition-transform ${openKey === 'catalog' ? 'rotate-180' : ''}`} />
            </button>
            <CatalogPanel
              id={panelId('catalog')}
              groups={groups}
              allUrl="/shop-online"
              hidden={openKey !== 'catalog'}
              onNavigate={close}
            />
          </li>
        )}
        {items.map((item, index) => {
          const key = `item-${item.id}`;
          const catalog = index === shopIndex;
          const hasPanel = catalog || item.children.length > 0;
          const open = openKey === key;
          return (
            <li key={item.id} className={`flex items-center ${catalog ? '' : 'relative'}`}>
              <SmartLink to={item.url} nav className={linkClass}>
                {item.label}
              </SmartLink>
              {hasPanel && (
                <button
                  type="button"
                  id={toggleId(key)}
                  aria-expanded={open}
                  aria-controls={panelId(key)}
                  aria-label={catalog ? `${item.label}: categories and collections` : `More in ${item.label}`}
                  onClick={() => toggle(key)}
                  className={toggleClass}
                >
                  <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
                </button>
              )}
              {catalog ? (
                <CatalogPanel id={panelId(key)} groups={groups} allUrl={item.url} hidden={!open} onNavigate={close} />
              ) : (
                item.children.length > 0 && (
                  <SubmenuPanel id={panelId(key)} items={item.children} hidden={!open} onNavigate={close} />
                )
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
