import { Suspense, lazy, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { StoreMode } from '@shopfront/shared';
import { isPrimary, navFor } from '../../lib/nav';
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
  const items = navFor(role, mode);
  const primary = items.filter((i) => isPrimary(i, mode));
  const rest = items.filter((i) => !primary.includes(i));
  const { pathname } = useLocation();
  const [more, setMore] = useState(false);
  const moreActive = rest.some((i) => pathname.startsWith(`/admin${i.to}`));
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
                <MoreSheet items={rest} onClose={() => setMore(false)} />
              </Suspense>
            )}
          </li>
        )}
      </ul>
    </nav>
  );
}
