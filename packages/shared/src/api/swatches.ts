import type {
  OptionSwatchListSchema,
  OptionSwatchSchema,
  SwatchKeySchema,
  SwatchSetBodySchema,
} from '../schemas/swatches.ts';
import { endpoint } from './endpoint.ts';

/**
 * The owner's colour swatches (ADR 26's owner API): shop-wide, one per option value, shown beside
 * the value in listing filters and on product pages.
 */
export const swatchApi = {
  list: endpoint<{ data: typeof OptionSwatchListSchema }>('GET', '/api/admin/swatches'),
  set: endpoint<{ body: typeof SwatchSetBodySchema; data: typeof OptionSwatchSchema }>('PUT', '/api/admin/swatches'),
  /** The option value in the query (`?option_name=Colour&value=Indigo`). */
  remove: endpoint<{ query: typeof SwatchKeySchema; data: typeof OptionSwatchSchema }>('DELETE', '/api/admin/swatches'),
} as const;
