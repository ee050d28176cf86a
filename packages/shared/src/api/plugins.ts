import type { PluginListSchema, PluginNameParamsSchema } from '../schemas/plugins.ts';
import type { PluginSchema } from '../schemas/storefront.ts';
import { endpoint } from './endpoint.ts';

/**
 * The installed plugins as a browser may see them (spec section 7, Plugins): each with its module
 * name and the public keys of its config (the catalogue's `publicKeys`), never a secret.
 */
export const pluginsApi = {
  all: endpoint<{ data: typeof PluginListSchema }>('GET', '/api/plugins/all'),
  /** 404 'Unknown plugin' for a name the shop does not know, 'This plugin is not installed' otherwise. */
  config: endpoint<{ params: typeof PluginNameParamsSchema; data: typeof PluginSchema }>(
    'GET',
    '/api/plugins/config/:name',
  ),
} as const;
