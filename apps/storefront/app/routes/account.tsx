import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation, useMatches, useRevalidator } from 'react-router';
import type { Account } from '@shopfront/shared';
import type { Route } from './+types/account';
import { Container } from '../components/container';
import { accountMenu, type AccountMenuItem } from '../features/account/account-menu';
import { AccountGuestGate } from '../features/account/guest-gate';
import { LogoutButton } from '../features/account/logout-button';
import { userFromAccount } from '../features/auth/auth-api';
import { useAuth } from '../features/auth/auth-context';
import { useAccountAdditions } from '../features/plugins/use-account-additions';
import { api, isUnauthenticated } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { storeMode, useShop } from '../lib/shop';

/**
 * Layout of every /account page: the auth guard and the dashboard menu.
 *
 * The guard runs in the loader: GET /api/account/get with the shopper's cookie (the in-process
 * transport forwards it). A 401 means guest, and the page renders the login gate instead of
 * the section, so the shopper logs in and lands back on the same URL. A child route that must
 * work for a guest (the password-reset link from the e-mail) sets `handle.accountPublic`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { account: await api(context).account() };
  } catch (err) {
    if (isUnauthenticated(err)) return { account: null };
    logFailure('account lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
}

/** Personal pages: never cached by a shared cache, never indexed. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const handle = { page: { slug: 'account' } };

export function meta({ matches }: Route.MetaArgs) {
  return [...shopMeta(rootDataFrom(matches), { title: 'My Account' }), { name: 'robots', content: 'noindex' }];
}

/** Set on a child route's `handle` to let guests see it (the guard's one exception). */
export interface AccountRouteHandle {
  accountPublic?: boolean;
}

function usePublicSection(): boolean {
  const matches = useMatches();
  const deepest = matches[matches.length - 1];
  return Boolean((deepest?.handle as AccountRouteHandle | undefined)?.accountPublic);
}

const menuLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-full border px-4 py-2 text-sm font-medium transition-colors lg:rounded-xl lg:border-transparent lg:px-4 lg:py-3 ${
    isActive ? 'border-ink bg-ink text-background lg:bg-ink' : 'border-ink/15 hover:bg-ink/5'
  }`;

function MenuLink({ item }: { item: AccountMenuItem }) {
  return (
    <NavLink to={item.to} end={item.end ?? false} prefetch="intent" className={menuLinkClass}>
      {({ isActive }) => (
        <>
          <span className="block">{item.label}</span>
          <span className={`hidden text-xs font-normal lg:block ${isActive ? 'text-background/75' : 'text-muted'}`}>
            {item.description}
          </span>
        </>
      )}
    </NavLink>
  );
}

function AccountMenu() {
  const nav = useRef<HTMLElement>(null);
  // Plugins add items and groups (features/plugins/account-menu.ts).
  const additions = useAccountAdditions();
  const shop = useShop();
  const { pathname } = useLocation();
  // Phones show the menu as one scrolling row: keep the current section's chip in view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = current?.closest('ul');
    if (!current || !row || row.scrollWidth <= row.clientWidth) return;
    const offset = current.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav ref={nav} aria-label="Account" className="lg:sticky lg:top-28">
      <ul className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:px-0">
        {[...accountMenu(storeMode(shop)), ...additions.items].map((item) => (
          <li key={item.to} className="shrink-0 snap-start">
            <MenuLink item={item} />
          </li>
        ))}
        {additions.groups.map((group) => (
          <li key={group.id} className="contents lg:block lg:pt-3">
            <p className="hidden px-4 pb-1 text-xs font-semibold tracking-wide text-muted uppercase lg:block">
              {group.label}
            </p>
            <ul aria-label={group.label} className="contents lg:flex lg:flex-col lg:gap-1">
              {group.items.map((item) => (
                <li key={item.to} className="shrink-0 snap-start">
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li className="shrink-0 lg:mt-3 lg:border-t lg:border-ink/10 lg:pt-3">
          <LogoutButton className="block w-full rounded-full border border-ink/15 px-4 py-2 text-left text-sm font-medium hover:bg-ink/5 lg:rounded-xl lg:border-transparent lg:py-3" />
        </li>
      </ul>
    </nav>
  );
}

/**
 * Keeps the auth store in line with what the server just said: no session (401) logs the UI
 * out; a session the store did not know about (another tab) logs it in.
 */
function useSyncAuthWithAccount(account: Account | null) {
  const { store } = useAuth();
  useEffect(() => {
    const { user } = store.getState();
    if (!account && user) store.setUser(null);
    else if (account) {
      // Account data is copied to the user (spec section 3): names, e-mail, phone, verified-at.
      const fresh = userFromAccount(account);
      if (JSON.stringify(fresh) !== JSON.stringify(user)) store.setUser(fresh);
    }
  }, [account, store]);
}

/**
 * The other way round: when a call answers 401 (the session ended elsewhere), the store logs
 * the UI out; the page then asks the server again, which shows the guest gate instead of the
 * account data it still holds.
 */
function useRecheckWhenLoggedOut(account: Account | null) {
  const { loggedIn } = useAuth();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!loggedIn && account && revalidator.state === 'idle') void revalidator.revalidate();
  }, [loggedIn, account, revalidator]);
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  const publicSection = usePublicSection();
  useSyncAuthWithAccount(account);
  useRecheckWhenLoggedOut(account);

  if (!account) {
    if (publicSection) {
      return (
        <Container className="py-10 pb-16 md:py-14 md:pb-24">
          <Outlet />
        </Container>
      );
    }
    return <AccountGuestGate />;
  }

  return (
    <div className="bg-surface/60">
      <Container className="py-8 pb-16 md:py-12 md:pb-24">
        <div className="mb-6 md:mb-8">
          <p className="text-sm text-muted">My Account</p>
          <p className="font-heading text-2xl font-semibold md:text-3xl">
            Hello, {account.first_name || account.email || 'there'}
          </p>
        </div>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
          <aside className="min-w-0">
            <AccountMenu />
          </aside>
          <div className="min-w-0">
            <Outlet />
          </div>
        </div>
      </Container>
    </div>
  );
}
