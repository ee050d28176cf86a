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
