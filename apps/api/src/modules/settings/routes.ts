import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressFieldListSchema,
  AddressFieldsByTypeSchema,
  AddressFieldsParamsSchema,
  CountryListSchema,
  SettingsGetBodySchema,
  SettingsGetResultSchema,
  settingsApi,
  type StoreSettingKey,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { getAddressFields, getStoreSettings, listCountries } from './service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    settingsApi.get,
    {
      schemas: { body: SettingsGetBodySchema, data: SettingsGetResultSchema },
      tags: ['settings'],
      summary: 'Store settings for the given keys',
    },
    async (req) => {
      return ok(await getStoreSettings(app.db, req.body.keys as StoreSettingKey[]));
    },
  );

  registerEndpoint(
    app,
    settingsApi.countries,
    {
      schemas: { data: CountryListSchema },
      tags: ['settings'],
      summary: 'Countries with states',
    },
    async () => ok(await listCountries(app.db)),
  );

  registerEndpoint(
    app,
    settingsApi.addressFields,
    {
      schemas: { data: AddressFieldsByTypeSchema },
      tags: ['settings'],
      summary: 'Address form field definitions of both types (column_name, label, is_required), in form order',
    },
    async () => ok(await getAddressFields(app.db)),
  );

  registerEndpoint(
    app,
    settingsApi.addressFieldsOfType,
    {
      schemas: { params: AddressFieldsParamsSchema, data: AddressFieldListSchema },
      tags: ['settings'],
      summary: 'Address form field definitions of one type: Shipping or Billing',
    },
    async (req) => ok((await getAddressFields(app.db))[req.params.type]),
  );
};
