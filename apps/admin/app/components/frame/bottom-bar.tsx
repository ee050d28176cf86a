import { Suspense, lazy, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StoreMode } from '@shopfront/shared';
import { isHere, isPrimary, navGroupsFor } from '../../lib/nav';
import { NavIcon } from './icons';
import { OrdersNavBadge } from '../../features/orders/nav-badge';

const MoreSheet = lazy(() => import('./more-sheet'));

const tab = (active: boolean) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${active ? 'text-ink' : 'text-muted'}`;

/**
 * The phone's navigation (under 1024 px): the daily places in the thumb's reach, the rest under
 * More (a sheet from the bottom).
 */
export function BottomBar({ role, mode }: { role: string; mode: StoreMode }) {
  const groups = navGroupsFor(role, mode);
  const primary = groups.flatMap((g) => g.items.filter((i) => isPrimary(i, mode)));
  const rest = groups
    .map((g) => ({ ...g, items: g.items.filter((i) => !primary.includes(i)) }))
    .filter((g) => g.items.length > 0);
  const { pathname } = useLocation();
  const [more, setMore] = useState(false);
  const moreActive = rest.some((g) => g.items.some((i) => isHere(pathname, i.to)));
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="flex">
        {primary.map((item) => (
          <li key={item.to} className="flex flex-1">
            <NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => `relative ${tab(isActive)}`}>
              <NavIcon name={item.to} />
              {item.to === '/orders' && <OrdersNavBadge compact />}
              {item.label}
            </NavLink>
          </li>
        ))}
        {rest.length > 0 && (
          <li className="flex flex-1">
            <button type="button" aria-haspopup="dialog" onClick={() => setMore(true)} className={tab(moreActive)}>
              <NavIcon name="more" />
              More
            </button>
            {more && (
              <Suspense fallback={null}>
                <MoreSheet groups={rest} onClose={() => setMore(false)} />
              </Suspense>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
