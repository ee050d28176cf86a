import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isPluginName,
  pluginMessages,
  PluginListSchema,
  PluginNameParamsSchema,
  PluginSchema,
  pluginsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { listInstalledPlugins } from '../storefront/service.ts';

/**
 * Spec section 7, Plugins: what the storefront may see of the installed plugins. Only each
 * plugin's public config keys (the catalogue's `publicKeys`) ever leave the server.
 */
export const pluginRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    pluginsApi.all,
    {
      schemas: { data: PluginListSchema },
      tags: ['plugins'],
      summary: 'The installed plugins, each with its module name and public config (never a secret)',
    },
    async () => ok(await listInstalledPlugins(app.db)),
  );

  registerEndpoint(
    app,
    pluginsApi.config,
    {
      schemas: { params: PluginNameParamsSchema, data: PluginSchema },
      tags: ['plugins'],
      summary: `One installed plugin's public config. 404 '${pluginMessages.unknownPlugin}' for a name the shop does not know, '${pluginMessages.notInstalled}' for one it does not run`,
      errors: [404, 422],
    },
    async (req) => {
      const { name } = req.params;
      if (!isPluginName(name)) throw new HttpError(404, pluginMessages.unknownPlugin);
      const plugin = (await listInstalledPlugins(app.db)).find((p) => p.module_name === name);
      if (!plugin) throw new HttpError(404, pluginMessages.notInstalled);
      return ok(plugin);
    },
  );
};
