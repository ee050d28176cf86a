import type { StoreMode } from '@shopfront/shared';

/** One entry of the account dashboard menu (spec section 2, "Account dashboard menu"). */
export interface AccountMenuItem {
  to: string;
  label: string;
  /** Second line under the label. */
  description: string;
  /** Exact match only (the dashboard itself). */
  end?: boolean;
}

/**
 * The dashboard menu. Dashboard, Profile and Security come from the spec; the Orders group
 * (Orders & Refunds), Addresses and Wishlist are the items "added to it". An area that adds an account section appends its
 * entry here and its child route in routes.ts (inside the `account` route).
 */
export const ACCOUNT_MENU: readonly AccountMenuItem[] = [
  { to: '/account', label: 'Dashboard', description: 'Overview of your account', end: true },
  { to: '/account/profile', label: 'Profile', description: 'Edit your profile' },
  { to: '/account/security', label: 'Security', description: 'Access logs & change password' },
  { to: '/account/orders', label: 'Orders & Refunds', description: 'Track, cancel, return and rate orders' },
  { to: '/account/addresses', label: 'Addresses', description: 'Saved shipping & billing addresses' },
  { to: '/account/wishlist', label: 'Wishlist', description: 'Products you saved for later' },
];

/** Services mode's entry in place of Orders & Refunds (issue 27). */
const APPLICATIONS_ITEM: AccountMenuItem = {
  to: '/account/applications',
  label: 'My Applications',
  description: 'Follow your applications, messages and documents',
};

/** The dashboard menu of the shop's mode: a services shop lists My Applications where orders would be. */
export function accountMenu(mode: StoreMode): readonly AccountMenuItem[] {
  if (mode !== 'services') return ACCOUNT_MENU;
  return ACCOUNT_MENU.map((item) => (item.to === '/account/orders' ? APPLICATIONS_ITEM : item));
}
