import type {
  AdminCatalogSettingsSchema,
  AdminLowStockSchema,
  AdminProductCreateSchema,
  AdminProductListSchema,
  AdminProductParamsSchema,
  AdminProductPatchSchema,
  AdminProductSchema,
  AdminProductsQuerySchema,
  AdminStockAdjustSchema,
  AdminStockSetSchema,
  AdminVariantParamsSchema,
  AdminVariantStockSchema,
} from '../schemas/admin-catalog.ts';
import type { AdminServiceDetailsSchema, ServiceDetailsBodySchema, ServiceDetailsSchema } from '../schemas/services.ts';
import type { NullDataSchema } from '../schemas/base.ts';
import { endpoint } from './endpoint.ts';

type Product = typeof AdminProductSchema;
type Params = typeof AdminProductParamsSchema;
type VariantParams = typeof AdminVariantParamsSchema;

/**
 * The owner's catalogue (issue 26, area `catalog`: owner and manager; packer and content editor
 * 403). Product writes answer the product after them with its new `version` (also the ETag);
 * send `If-Match: <version>` on edit and archive to be refused with 409 when someone changed
 * it since. Bad fields are 422 with a message per field (`errors["variants.0.sku"]`).
 */
export const adminCatalogApi = {
  list: endpoint<{ query: typeof AdminProductsQuerySchema; data: typeof AdminProductListSchema }>(
    'GET',
    '/api/admin/catalog/products',
  ),
  create: endpoint<{ body: typeof AdminProductCreateSchema; data: Product }>('POST', '/api/admin/catalog/products'),
  get: endpoint<{ params: Params; data: Product }>('GET', '/api/admin/catalog/products/:id'),
  update: endpoint<{ params: Params; body: typeof AdminProductPatchSchema; data: Product }>(
    'PATCH',
    '/api/admin/catalog/products/:id',
  ),
  duplicate: endpoint<{ params: Params; data: Product }>('POST', '/api/admin/catalog/products/:id/duplicate'),
  archive: endpoint<{ params: Params; data: Product }>('POST', '/api/admin/catalog/products/:id/archive'),

  variantStock: endpoint<{ params: VariantParams; data: typeof AdminVariantStockSchema }>(
    'GET',
    '/api/admin/catalog/variants/:variant_id/stock',
  ),
  setStock: endpoint<{ params: VariantParams; body: typeof AdminStockSetSchema; data: typeof AdminVariantStockSchema }>(
    'PUT',
    '/api/admin/catalog/variants/:variant_id/stock',
  ),
  adjustStock: endpoint<{
    params: VariantParams;
    body: typeof AdminStockAdjustSchema;
    data: typeof AdminVariantStockSchema;
  }>('POST', '/api/admin/catalog/variants/:variant_id/stock/adjust'),
  /** Services mode (issue 27): a product's service details (null: sold as a product), saved whole, or removed. */
  serviceDetails: endpoint<{ params: Params; data: typeof AdminServiceDetailsSchema }>(
    'GET',
    '/api/admin/catalog/products/:id/service',
  ),
  saveServiceDetails: endpoint<{
    params: Params;
    body: typeof ServiceDetailsBodySchema;
    data: typeof ServiceDetailsSchema;
  }>('PUT', '/api/admin/catalog/products/:id/service'),
  removeServiceDetails: endpoint<{ params: Params; data: typeof NullDataSchema }>(
    'DELETE',
    '/api/admin/catalog/products/:id/service',
  ),
  lowStock: endpoint<{ data: typeof AdminLowStockSchema }>('GET', '/api/admin/catalog/low-stock'),

  settings: endpoint<{ data: typeof AdminCatalogSettingsSchema }>('GET', '/api/admin/catalog/settings'),
  saveSettings: endpoint<{ body: typeof AdminCatalogSettingsSchema; data: typeof AdminCatalogSettingsSchema }>(
    'PUT',
    '/api/admin/catalog/settings',
  ),
} as const;
