import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StoreMode } from '@shopfront/shared';
import { isHere, navGroupsFor, type NavGroup } from '../../lib/nav';
import { NavIcon } from './icons';
import { OrdersNavBadge } from '../../features/orders/nav-badge';

/** The desktop navigation (1024 px and wider): every place the role may use, in its groups. */
export function Sidebar({ role, mode }: { role: string; mode: StoreMode }) {
  return (
    <nav
      aria-label="Main"
      className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-line bg-white px-3 py-4 lg:flex"
    >
      <p className="px-3 pb-3 text-sm font-semibold tracking-wide text-muted uppercase">Shop admin</p>
      <div className="-mx-3 min-h-0 flex-1 overflow-y-auto px-3" data-testid="sidebar-places">
        {navGroupsFor(role, mode).map((group) => (
          <SidebarGroup key={group.heading ?? 'main'} group={group} />
        ))}
      </div>
      <p className="mt-3 px-3 text-xs text-muted">
        <kbd className="rounded border border-line px-1">Ctrl K</kbd> search ·{' '}
        <kbd className="rounded border border-line px-1">?</kbd> keys
      </p>
      <a href="/" className="mt-2 px-3 text-sm text-muted underline underline-offset-2 hover:text-ink">
        View the shop
      </a>
    </nav>
  );
}

const heading = 'px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted uppercase';

/** A group of places; a folding one has a button for its heading (aria-expanded) instead. */
function SidebarGroup({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const inside = group.items.some((i) => isHere(pathname, i.to));
  const [open, toggle] = useFold(group.heading ?? '', inside);
  const id = useId();
  const shown = !group.folds || open;
  return (
    <section aria-label={group.heading ?? undefined} className="mb-3">
      {group.folds ? (
        <h2>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={id}
            onClick={toggle}
            className={`${heading} flex min-h-8 w-full items-center justify-between rounded-lg hover:bg-stone-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-stone-800`}
          >
            {group.heading}
            <svg
              viewBox="0 0 24 24"
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </button>
        </h2>
      ) : (
        group.heading && <h2 className={heading}>{group.heading}</h2>
      )}
      <ul id={id} hidden={!shown} className="space-y-0.5">
        {group.items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                `flex h-9 items-center gap-3 rounded-xl px-3 text-sm font-medium ${isActive ? 'bg-stone-100 text-ink' : 'text-muted hover:bg-stone-50 hover:text-ink'}`
              }
            >
              <NavIcon name={item.to} />
              {item.label}
              {item.to === '/orders' && <OrdersNavBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

const storageKey = (heading: string) => `shopfront-admin:nav-open:${heading}`;

function stored(heading: string): boolean | null {
  try {
    const v = localStorage.getItem(storageKey(heading));
    return v === null ? null : v === 'open';
  } catch {
    return null; // storage refused (a private window): folded by default
  }
}

/**
 * Whether a folding group is open: as the owner last left it, and open while the current page
 * is in it (going to a page inside opens it). Only a click on its heading is remembered.
 */
function useFold(heading: string, inside: boolean): [boolean, () => void] {
  const [open, setOpen] = useState(() => inside || stored(heading) === true);
  const [wasInside, setWasInside] = useState(inside);
  if (inside !== wasInside) {
    setWasInside(inside);
    if (inside && !open) setOpen(true);
  }
  const toggle = () => {
    setOpen(!open);
    try {
      localStorage.setItem(storageKey(heading), open ? 'closed' : 'open');
    } catch {
      // Not remembered; it still folds for now.
    }
  };
  return [open, toggle];
}
