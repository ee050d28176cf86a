import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InitialValuesQuerySchema,
  InitialValuesSchema,
  STORE_SETTING_KEYS,
  StorefrontAllSchema,
  storefrontApi,
  type StoreSettingKey,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { shopOriginWith } from '../../lib/origin.ts';
import { toUser } from '../../lib/session.ts';
import { getInitialValues, getStorefront, listInstalledPlugins } from './service.ts';

const NOT_CONFIGURED = 'The storefront is not configured';

export const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    storefrontApi.all,
    {
      schemas: { data: StorefrontAllSchema },
      tags: ['storefront'],
      summary: 'Storefront settings and installed plugins',
    },
    async () => {
      const [storefront, plugins] = await Promise.all([getStorefront(app.db), listInstalledPlugins(app.db)]);
      if (!storefront) throw new HttpError(503, NOT_CONFIGURED);
      return ok({ storefront, plugins });
    },
  );

  registerEndpoint(
    app,
    storefrontApi.initialValues,
    {
      schemas: { query: InitialValuesQuerySchema, data: InitialValuesSchema },
      tags: ['storefront'],
      summary: 'License status, host, settings, storefront, plugins and account in one call',
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
