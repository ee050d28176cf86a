import { STORE_STATE_PATHS } from '@shopfront/shared';

/** Where the Admin Panel link lands (spec section 2): the panel's sign-in (apps/admin), served under /admin. */
export const ADMIN_LOGIN_PATH = '/admin/login';

/**
 * Pages drawn without the shop's shell (no menus, cart or account links to click while the shop
 * is closed), and never redirected away from by the store state.
 */
export const STANDALONE_PATHS: ReadonlySet<string> = new Set(Object.values(STORE_STATE_PATHS));

/** `/coming-soon/` and `/coming-soon` are the same page. */
export const normalisePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export const isStandalonePath = (pathname: string) => STANDALONE_PATHS.has(normalisePath(pathname));

/**
 * Whether the shop is closed to the public (a mode, or password protection), whoever is asking:
 * robots.txt and the sitemap answer crawlers, who never hold the password or a staff session.
 */
export const isClosedToPublic = (storefront: { mode: string | null; is_password_protection_enabled: boolean }) =>
  storefront.mode !== null || storefront.is_password_protection_enabled;
