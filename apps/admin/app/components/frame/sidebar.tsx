import { NavLink } from 'react-router';
import type { StoreMode } from '@shopfront/shared';
import { navGroupsFor } from '../../lib/nav';
import { NavIcon } from './icons';
import { OrdersNavBadge } from '../../features/orders/nav-badge';

/** The desktop navigation (1024 px and wider): every place the role may use. */
export function Sidebar({ role, mode }: { role: string; mode: StoreMode }) {
  return (
    <nav
      aria-label="Main"
      className="sticky top-0 hidden h-dvh w-60 shrink-0 flex-col border-r border-line bg-white px-3 py-4 lg:flex"
    >
      <p className="px-3 pb-3 text-sm font-semibold tracking-wide text-muted uppercase">Shop admin</p>
      <div className="-mx-3 min-h-0 flex-1 overflow-y-auto px-3">
        {navGroupsFor(role, mode).map((group) => (
          <section key={group.heading ?? 'main'} aria-label={group.heading ?? undefined} className="mb-3">
            {group.heading && (
              <h2 className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
                {group.heading}
              </h2>
            )}
            <ul className="space-y-0.5">
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
