import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CountrySchema, SettingsGetBodySchema, StoreSettingsSchema, envelope, type StoreSettingKey } from '@shopfront/shared';
import { ok } from '../../lib/http.ts';
import { getStoreSettings, listCountries } from './service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/settings/get',
    {
      schema: {
        tags: ['settings'],
        summary: 'Store settings for the given keys',
        body: SettingsGetBodySchema,
        response: { 200: envelope(StoreSettingsSchema.partial()) },
      },
    },
    async (req) => {
      return ok(await getStoreSettings(app.db, req.body.keys as StoreSettingKey[]));
    },
  );

  app.get(
    '/api/settings/countries',
    { schema: { tags: ['settings'], summary: 'Countries with states', response: { 200: envelope(z.array(CountrySchema)) } } },
    async () => ok(await listCountries(app.db)),
  );
};
