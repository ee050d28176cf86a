/**
 * The panel's places and who sees them. The API decides (403 otherwise); the panel only leaves
 * out what a role cannot use, by the same rules (packages/shared/src/staff-roles.ts, a module
 * without zod). Only screens that work are listed.
 */
import { STAFF_ROLES, STAFF_ROLE_LABELS, roleMayUse, type StaffArea, type StaffRoleName } from '@shopfront/shared';

/** The roles an owner may give. */
export const STAFF_ROLE_CHOICES = STAFF_ROLES;

export interface NavItem {
  to: string;
  label: string;
  /** Shown in the phone's bottom bar (at most three; the rest sit under More). */
  primary?: boolean;
  /** The API area the place belongs to: shown to the roles that may use it. */
  area: StaffArea;
  /** Words the palette also matches. */
  keywords?: string;
}

export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', area: 'self', keywords: 'start overview dashboard sales today week' },
  { to: '/orders', label: 'Orders', primary: true, area: 'orders', keywords: 'inbox pack ship refund' },
  { to: '/products', label: 'Products', area: 'catalog', keywords: 'catalogue stock prices variants sku inventory' },
  { to: '/categories', label: 'Categories', area: 'catalog', keywords: 'taxonomy tree menu super categories groups' },
  { to: '/collections', label: 'Collections', area: 'catalog', keywords: 'curated edit manual order' },
  { to: '/coupons', label: 'Coupons', area: 'catalog', keywords: 'discounts codes offers vouchers promotions' },
  {
    to: '/customers',
    label: 'Customers',
    primary: true,
    area: 'customers',
    keywords: 'shoppers buyers people phone email block notes addresses',
  },
  { to: '/reviews', label: 'Reviews', area: 'customers', keywords: 'ratings stars moderation' },
  {
    to: '/setup',
    label: 'Setup',
    area: 'settings',
    keywords: 'first run open shop tax gst cod shipping payments razorpay legal terms privacy returns logo colours',
  },
  { to: '/signups', label: 'Sign-ups', primary: true, area: 'customers', keywords: 'coming soon subscribers csv' },
  {
    to: '/form-submissions',
    label: 'Form messages',
    area: 'customers',
    keywords: 'inbox contact forms submissions csv',
  },
  { to: '/trade-enquiries', label: 'Trade enquiries', area: 'customers', keywords: 'inbox wholesale bulk b2b csv' },
  { to: '/activity', label: 'Activity', area: 'audit', keywords: 'audit log history changes' },
  { to: '/plugins', label: 'Plugins', area: 'plugins', keywords: 'apps integrations analytics' },
  { to: '/staff', label: 'Staff', area: 'staff', keywords: 'team people roles users' },
  { to: '/account', label: 'Your account', area: 'self', keywords: 'password profile me' },
];

const isRole = (role: string | undefined): role is StaffRoleName => STAFF_ROLES.includes(role as StaffRoleName);

export const navFor = (role: string | undefined) => NAV.filter((i) => isRole(role) && roleMayUse(role, i.area));

export const roleLabel = (role: string) => (isRole(role) ? STAFF_ROLE_LABELS[role] : role);

/** May this role use the API area (the frame leaves out calls the API would refuse)? */
export const roleMayRead = (role: string, area: StaffArea) => isRole(role) && roleMayUse(role, area);
