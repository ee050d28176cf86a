import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InitialValuesQuerySchema,
  InitialValuesSchema,
  PluginSchema,
  STORE_SETTING_KEYS,
  StorefrontSchema,
  envelope,
  type StoreSettingKey,
} from '@shopfront/shared';
import { HttpError, ok } from '../../lib/http.ts';
import { shopOriginWith } from '../../lib/origin.ts';
import { toUser } from '../../lib/session.ts';
import { getInitialValues, getStorefront, listInstalledPlugins } from './service.ts';

const NOT_CONFIGURED = 'The storefront is not configured';

export const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/storefront/all',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Storefront settings and installed plugins',
        response: { 200: envelope(z.object({ storefront: StorefrontSchema, plugins: z.array(PluginSchema) })) },
      },
    },
    async () => {
      const [storefront, plugins] = await Promise.all([getStorefront(app.db), listInstalledPlugins(app.db)]);
      if (!storefront) throw new HttpError(503, NOT_CONFIGURED);
      return ok({ storefront, plugins });
    },
  );

  app.get(
    '/api/storefront/initial-values',
    {
      schema: {
        tags: ['storefront'],
        summary: 'License status, host, settings, storefront, plugins and account in one call',
        querystring: InitialValuesQuerySchema,
        response: { 200: envelope(InitialValuesSchema) },
      },
    },
    async (req) => {
      let keys: StoreSettingKey[] | undefined;
      if (req.query.keys) {
        const asked = req.query.keys.split(',').map((k) => k.trim());
        const unknown = asked.filter((k) => !(STORE_SETTING_KEYS as string[]).includes(k));
        if (unknown.length)
          throw new HttpError(422, 'The given data was invalid.', { keys: ['The selected key is invalid'] });
        keys = asked as StoreSettingKey[];
      }
      // The session lookup and the shop's settings do not depend on each other.
      const [customer, values] = await Promise.all([
        req.getCustomer(),
        getInitialValues(app.db, (storeUrl) => shopOriginWith(app.env, req, storeUrl), keys),
      ]);
      if (!values) throw new HttpError(503, NOT_CONFIGURED);
      return ok({ ...values, account: customer ? toUser(customer) : null });
    },
  );
};
