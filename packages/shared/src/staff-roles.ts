/**
 * Who may use which part of the owner's panel and API (issue 25; the matrix is
 * docs/owner-roles.md). Each owner route names its area; the API refuses a role outside it (403)
 * and the panel shows only the areas of the signed-in member's role.
 */
export const STAFF_ROLES = ['owner', 'manager', 'packer', 'content_editor'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRoleName, string> = {
  owner: 'Owner',
  manager: 'Manager',
  packer: 'Packer',
  content_editor: 'Content editor',
};

/**
 * The areas of the owner's API. `self` is a member's own session and password (every role);
 * the rest are parts of the shop.
 */
export const STAFF_AREAS = [
  'self',
  'dashboard',
  'orders',
  'customers',
  'catalog',
  'content',
  'settings',
  'plugins',
  'audit',
  'staff',
  'backups',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** Owners' alone: staff accounts, and backups (each holds every customer's data). */
const OWNERS_ONLY: readonly StaffArea[] = ['staff', 'backups'];
const EVERYTHING_BUT_STAFF: readonly StaffArea[] = STAFF_AREAS.filter((a) => !OWNERS_ONLY.includes(a));

/**
 * Owner: everything. Manager: everything but staff and backups (and the owner-only settings and script-running
 * plugins, checked where they are changed). Packer: orders and fulfilment. Content editor: content.
 */
export const ROLE_AREAS: Record<StaffRoleName, readonly StaffArea[]> = {
  owner: STAFF_AREAS,
  manager: EVERYTHING_BUT_STAFF,
  packer: ['self', 'orders'],
  content_editor: ['self', 'content'],
};

/** May a member of this role use this area? */
export function roleMayUse(role: StaffRoleName, area: StaffArea): boolean {
  return ROLE_AREAS[role].includes(area);
}
