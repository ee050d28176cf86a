/*
 * Store states (spec section 4, "Storefront mode"). A module of their own, free of zod and of any
 * other module, so the special pages and the root loader can use them without pulling schemas
 * into a browsing page (ADR 10), and the storefront schemas build on them without a circle.
 */

/** What the shop is for one visitor: open, or closed behind one of the special pages. */
export const STORE_STATES = ['open', 'password', 'coming-soon', 'maintenance'] as const;
export type StoreState = (typeof STORE_STATES)[number];

/** The special page of each closed state. */
export const STORE_STATE_PATHS = {
  password: '/password-protected',
  'coming-soon': '/coming-soon',
  maintenance: '/under-maintenance',
} as const satisfies Record<Exclude<StoreState, 'open'>, string>;

/** Under Maintenance answers 503 with this Retry-After (seconds): an hour. */
export const MAINTENANCE_RETRY_AFTER_S = 3600;

/** Texts of the store states, the store password and the Admin Panel link. */
export const storeStateMessages = {
  passwordRequired: 'Enter the store password',
  wrongPassword: 'That password is not correct',
  passwordAccepted: 'Welcome in',
  tooManyPasswordAttempts: 'Too many password attempts. Please try again later',
  closedPassword: 'This shop is password protected. Enter the store password to continue',
  closedComingSoon: 'This shop is opening soon',
  closedMaintenance: 'This shop is down for maintenance. Please try again later',
  subscribed: 'Thank you! We will e-mail you when the shop opens',
  notifySubject: (store: string) => `${store} is open`,
  adminLinkExpired: 'This admin link has expired',
} as const;
