import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SiteShell } from '../layout/site-shell';
import { isStandalonePath } from './paths';

/**
 * The shop's shell around a page, except around the standalone pages (the special pages of a
 * closed shop and the staff sign-in): those have no menus, cart or account links to click.
 */
export function ShopFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return isStandalonePath(pathname) ? children : <SiteShell>{children}</SiteShell>;
}
