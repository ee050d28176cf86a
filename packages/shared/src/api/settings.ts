import type {
  AddressFieldListSchema,
  AddressFieldsByTypeSchema,
  AddressFieldsParamsSchema,
} from '../schemas/address.ts';
import type { CountryListSchema, SettingsGetBodySchema, SettingsGetResultSchema } from '../schemas/settings.ts';
import { endpoint } from './endpoint.ts';

/** Store settings, countries and the address form's fields (spec section 7, Settings). */
export const settingsApi = {
  get: endpoint<{ body: typeof SettingsGetBodySchema; data: typeof SettingsGetResultSchema }>(
    'POST',
    '/api/settings/get',
  ),
  countries: endpoint<{ data: typeof CountryListSchema }>('GET', '/api/settings/countries'),
  addressFields: endpoint<{ data: typeof AddressFieldsByTypeSchema }>('GET', '/api/settings/address-fields'),
  addressFieldsOfType: endpoint<{ params: typeof AddressFieldsParamsSchema; data: typeof AddressFieldListSchema }>(
    'GET',
    '/api/settings/address-fields/:type',
  ),
} as const;
