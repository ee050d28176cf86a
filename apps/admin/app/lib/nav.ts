/**
 * The panel's places and who sees them. The API decides (403 otherwise); the panel only leaves
 * out what a role cannot use. Roles: owner, manager, packer, content_editor (and the older
 * `staff`, which the API treats as a manager). Only screens that work are listed.
 */
export type Role = 'owner' | 'manager' | 'packer' | 'content_editor' | 'staff';

export interface NavItem {
  to: string;
  label: string;
  /** Shown in the phone's bottom bar (at most three; the rest sit under More). */
  primary?: boolean;
  roles: readonly Role[];
  /** Words the palette also matches. */
  keywords?: string;
}

const ALL: readonly Role[] = ['owner', 'manager', 'packer', 'content_editor', 'staff'];
const MANAGERS: readonly Role[] = ['owner', 'manager', 'staff'];

export const NAV: readonly NavItem[] = [
  { to: '/', label: 'Home', roles: ALL, keywords: 'start overview' },
  {
    to: '/orders',
    label: 'Orders',
    primary: true,
    roles: ['owner', 'manager', 'packer', 'staff'],
    keywords: 'inbox pack ship refund',
  },
  { to: '/signups', label: 'Sign-ups', primary: true, roles: MANAGERS, keywords: 'coming soon subscribers csv' },
  { to: '/activity', label: 'Activity', roles: MANAGERS, keywords: 'audit log history changes' },
  { to: '/plugins', label: 'Plugins', roles: MANAGERS, keywords: 'apps integrations analytics' },
  { to: '/staff', label: 'Staff', roles: ['owner'], keywords: 'team people roles users' },
  { to: '/account', label: 'Your account', roles: ALL, keywords: 'password profile me' },
];

export const navFor = (role: string | undefined) => NAV.filter((i) => i.roles.includes(role as Role));

export const ROLE_LABELS: Record<string, string> = {
  owner: 'Owner',
  manager: 'Manager',
  packer: 'Packer',
  content_editor: 'Content editor',
  staff: 'Staff',
};
export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;
