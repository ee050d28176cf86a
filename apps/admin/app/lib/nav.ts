/**
 * The panel's places and who sees them. The API decides (403 otherwise); the panel only leaves
 * out what a role cannot use, by the same rules (packages/shared/src/staff-roles.ts, a module
 * without zod). Only screens that work are listed.
 */
import {
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  roleMayUse,
  type StaffArea,
  type StaffRoleName,
  type StoreMode,
} from '@shopfront/shared';

/** The roles an owner may give. */
export const STAFF_ROLE_CHOICES = STAFF_ROLES;

export interface NavItem {
  to: string;
  label: string;
  /** Shown in the phone's bottom bar (at most three; the rest sit under More): always, or in one store mode. */
  primary?: boolean | StoreMode;
  /** Shown only in this store mode (services: the applications). */
  mode?: StoreMode;
  /** The API area the place belongs to: shown to the roles that may use it. */
  area: StaffArea;
  /** Words the palette also matches. */
  keywords?: string;
  /** The sidebar's heading over this place and the ones after it (none for the first places). */
  group?: string;
}

/**
 * The sidebar's groups folded away until opened (or while the current page is in one), so the
 * daily places fit a 1280×800 screen without scrolling. The sidebar remembers each one's choice.
 */
export const FOLDED_GROUPS: ReadonlySet<string> = new Set(['Content', 'Shop']);

/**
 * Every place, in the sidebar's order. A new place is one line in its group (after the group's
 * first, which carries `group`); its icon in components/frame/icons.tsx is optional.
 */
export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', area: 'self', keywords: 'start overview dashboard sales today week' },
  { to: '/orders', label: 'Orders', primary: 'products', area: 'orders', keywords: 'inbox pack ship refund' },
  {
    to: '/applications',
    label: 'Applications',
    primary: 'services',
    mode: 'services',
    area: 'orders',
    keywords: 'services stages documents overdue',
  },
  {
    to: '/products',
    label: 'Products',
    primary: true,
    area: 'catalog',
    keywords: 'catalogue stock prices variants sku inventory',
    group: 'Catalogue',
  },
  { to: '/categories', label: 'Categories', area: 'catalog', keywords: 'taxonomy tree menu super categories groups' },
  { to: '/collections', label: 'Collections', area: 'catalog', keywords: 'curated edit manual order' },
  { to: '/coupons', label: 'Coupons', area: 'catalog', keywords: 'discounts codes offers vouchers promotions' },
  {
    to: '/customers',
    label: 'Customers',
    primary: true,
    area: 'customers',
    keywords: 'shoppers buyers people phone email block notes addresses',
    group: 'People',
  },
  { to: '/reviews', label: 'Reviews', area: 'customers', keywords: 'ratings stars moderation' },
  { to: '/signups', label: 'Sign-ups', area: 'customers', keywords: 'coming soon subscribers csv' },
  {
    to: '/form-submissions',
    label: 'Form messages',
    area: 'customers',
    keywords: 'inbox contact forms submissions csv',
  },
  { to: '/trade-enquiries', label: 'Trade enquiries', area: 'customers', keywords: 'inbox wholesale bulk b2b csv' },
  {
    to: '/pages',
    label: 'Pages',
    area: 'content',
    keywords: 'about contact policy text rich editor slug seo draft schedule publish',
    group: 'Content',
  },
  {
    to: '/blog',
    label: 'Blog',
    area: 'content',
    keywords: 'posts articles journal news stories write schedule publish draft cover excerpt tags',
  },
  {
    to: '/templates',
    label: 'Templates',
    area: 'content',
    keywords: 'home page sections layout hero banner publish history',
  },
  {
    to: '/menus',
    label: 'Menus',
    area: 'content',
    keywords: 'navigation header footer links nav bar submenu drop-down mobile menu',
  },
  { to: '/faqs', label: 'FAQs', area: 'content', keywords: 'questions answers help frequently asked' },
  { to: '/sliders', label: 'Sliders', area: 'content', keywords: 'hero slider carousel banner slides slideshow' },
  { to: '/forms', label: 'Forms', area: 'content', keywords: 'contact form fields enquiry notification e-mail' },
  { to: '/testimonials', label: 'Testimonials', area: 'content', keywords: 'quotes reviews customers kind words' },
  {
    to: '/media',
    label: 'Media',
    area: 'content',
    keywords: 'pictures images photos uploads library alt text description gallery files',
  },
  {
    to: '/setup',
    label: 'Setup',
    area: 'settings',
    keywords: 'first run open shop tax gst cod shipping payments razorpay legal terms privacy returns logo colours',
    group: 'Shop',
  },
  {
    to: '/settings',
    label: 'Settings',
    area: 'settings',
    keywords: 'guest checkout sign in otp cancel refund customer care social links cart terms channel coming soon',
  },
  {
    to: '/theme',
    label: 'Theme',
    area: 'content',
    keywords: 'look design colours colors brand preview layout sticky header notice bar top bar cookie banner',
  },
  {
    to: '/shipping',
    label: 'Shipping',
    area: 'settings',
    keywords: 'delivery zones rates pincode postcode ranges courier cod fee cash on delivery days free above',
  },
  { to: '/tax', label: 'Tax', area: 'settings', keywords: 'gst gstin invoice hsn cgst sgst igst legal name' },
  {
    to: '/channels',
    label: 'Channels',
    area: 'settings',
    keywords: 'stores countries currencies markets regions uae aed international prices',
  },
  {
    to: '/backups',
    label: 'Backups',
    area: 'backups',
    keywords: 'backup restore download archive export data schedule copy',
  },
  { to: '/plugins', label: 'Plugins', area: 'plugins', keywords: 'apps integrations analytics' },
  {
    to: '/store-mode',
    label: 'Shop mode',
    area: 'settings',
    keywords: 'services products sell',
  },
  { to: '/staff', label: 'Staff', area: 'staff', keywords: 'team people roles users' },
  { to: '/activity', label: 'Activity', area: 'audit', keywords: 'audit log history changes' },
  { to: '/account', label: 'Your account', area: 'self', keywords: 'password profile me' },
];

const isRole = (role: string | undefined): role is StaffRoleName => STAFF_ROLES.includes(role as StaffRoleName);

const shown = (i: NavItem, role: string | undefined, mode: StoreMode) =>
  isRole(role) && roleMayUse(role, i.area) && (!i.mode || i.mode === mode);

export const navFor = (role: string | undefined, mode: StoreMode = 'products') =>
  NAV.filter((i) => shown(i, role, mode));

/** In the phone's bottom bar: Home and the places primary in this mode. */
export const isPrimary = (i: NavItem, mode: StoreMode) => i.to === '/' || i.primary === true || i.primary === mode;

export interface NavGroup {
  heading: string | null;
  items: NavItem[];
  /** Folded away until opened (FOLDED_GROUPS). */
  folds: boolean;
}

/**
 * The role's places in the sidebar's groups: a group's heading stays with the first place the
 * role may use under it (a packer's "Shop" starts at Your account).
 */
export function navGroupsFor(role: string | undefined, mode: StoreMode = 'products'): NavGroup[] {
  const groups: NavGroup[] = [];
  let heading: string | null = null;
  for (const item of NAV) {
    if (item.group) heading = item.group;
    if (!shown(item, role, mode)) continue;
    const last = groups.at(-1);
    if (last && last.heading === heading) last.items.push(item);
    else groups.push({ heading, items: [item], folds: heading !== null && FOLDED_GROUPS.has(heading) });
  }
  return groups;
}

/** Is the page at `pathname` (the router's, without /admin) this place or one under it? */
export const isHere = (pathname: string, to: string) =>
  to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`);

export const roleLabel = (role: string) => (isRole(role) ? STAFF_ROLE_LABELS[role] : role);

/** May this role use the API area (the frame leaves out calls the API would refuse)? */
export const roleMayRead = (role: string, area: StaffArea) => isRole(role) && roleMayUse(role, area);
