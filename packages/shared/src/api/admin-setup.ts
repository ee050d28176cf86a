import type {
  SetupCodBodySchema,
  SetupLegalBodySchema,
  SetupOpenBodySchema,
  SetupPaymentsBodySchema,
  SetupRegionBodySchema,
  SetupShippingBodySchema,
  SetupStatusSchema,
  SetupStoreBodySchema,
  SetupTaxBodySchema,
} from '../schemas/admin-setup.ts';
import { endpoint } from './endpoint.ts';

type Step<B> = { body: B; data: typeof SetupStatusSchema };

/**
 * The first run (issue 25): GET the status, PUT each step (any order, again at any time: each
 * answers the whole status), then POST open. Area `settings` (owner and manager). 422 with field
 * messages for bad input; open answers 409 naming the steps still missing.
 */
export const adminSetupApi = {
  status: endpoint<{ data: typeof SetupStatusSchema }>('GET', '/api/admin/setup'),
  store: endpoint<Step<typeof SetupStoreBodySchema>>('PUT', '/api/admin/setup/store'),
  region: endpoint<Step<typeof SetupRegionBodySchema>>('PUT', '/api/admin/setup/region'),
  tax: endpoint<Step<typeof SetupTaxBodySchema>>('PUT', '/api/admin/setup/tax'),
  cod: endpoint<Step<typeof SetupCodBodySchema>>('PUT', '/api/admin/setup/cod'),
  shipping: endpoint<Step<typeof SetupShippingBodySchema>>('PUT', '/api/admin/setup/shipping'),
  payments: endpoint<Step<typeof SetupPaymentsBodySchema>>('PUT', '/api/admin/setup/payments'),
  legal: endpoint<Step<typeof SetupLegalBodySchema>>('PUT', '/api/admin/setup/legal'),
  /**
   * Opens the shop (the storefront leaves "opening soon"); 409 with `errors.steps` naming what is
   * missing, or with `errors.acknowledge_empty_catalogue` when no product is published and the
   * body does not acknowledge it.
   */
  open: endpoint<{ body: typeof SetupOpenBodySchema; data: typeof SetupStatusSchema }>('POST', '/api/admin/setup/open'),
} as const;
