import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressFieldSchema,
  AddressFieldsByTypeSchema,
  AddressFieldsParamsSchema,
  CountrySchema,
  SettingsGetBodySchema,
  StoreSettingsSchema,
  envelope,
  type StoreSettingKey,
} from '@shopfront/shared';
import { ok } from '../../lib/http.ts';
import { getAddressFields, getStoreSettings, listCountries } from './service.ts';

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
    {
      schema: {
        tags: ['settings'],
        summary: 'Countries with states',
        response: { 200: envelope(z.array(CountrySchema)) },
      },
    },
    async () => ok(await listCountries(app.db)),
  );

  app.get(
    '/api/settings/address-fields',
    {
      schema: {
        tags: ['settings'],
        summary: 'Address form field definitions of both types (column_name, label, is_required), in form order',
        response: { 200: envelope(AddressFieldsByTypeSchema) },
      },
    },
    async () => ok(await getAddressFields(app.db)),
  );

  app.get(
    '/api/settings/address-fields/:type',
    {
      schema: {
        tags: ['settings'],
        summary: 'Address form field definitions of one type: Shipping or Billing',
        params: AddressFieldsParamsSchema,
        response: { 200: envelope(z.array(AddressFieldSchema)) },
      },
    },
    async (req) => ok((await getAddressFields(app.db))[req.params.type]),
  );
};
