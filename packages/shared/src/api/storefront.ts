import type {
  InitialValuesQuerySchema,
  InitialValuesSchema,
  StorefrontAllSchema,
  SubscribeToModeBodySchema,
  SubscribeToModeResultSchema,
  VerifyPasswordBodySchema,
  VerifyPasswordResultSchema,
} from '../schemas/storefront.ts';
import type { ShellQuerySchema, ShellSchema } from '../schemas/shell.ts';
import { endpoint } from './endpoint.ts';

/** The storefront's settings, plugins and the shell's initial values (spec section 7, Storefront). */
export const storefrontApi = {
  all: endpoint<{ data: typeof StorefrontAllSchema }>('GET', '/api/storefront/all'),
  initialValues: endpoint<{ query: typeof InitialValuesQuerySchema; data: typeof InitialValuesSchema }>(
    'GET',
    '/api/storefront/initial-values',
  ),
  /** The initial values, menus, channel picker and navigation in one call (ADR 28). */
  shell: endpoint<{ query: typeof ShellQuerySchema; data: typeof ShellSchema }>('GET', '/api/storefront/shell'),
  verifyPassword: endpoint<{ body: typeof VerifyPasswordBodySchema; data: typeof VerifyPasswordResultSchema }>(
    'POST',
    '/api/storefront/verify-password',
  ),
  subscribeToMode: endpoint<{ body: typeof SubscribeToModeBodySchema; data: typeof SubscribeToModeResultSchema }>(
    'POST',
    '/api/storefront/subscribe-to-mode',
  ),
} as const;

/*
 * Store states (spec section 4, "Storefront mode"). Kept here, free of zod, so the special pages
 * and the root loader can use them without pulling schemas into a browsing page (ADR 10).
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
