import type {
  AdminCategoryCreateSchema,
  AdminCategoryDeleteQuerySchema,
  AdminCategoryListSchema,
  AdminCategoryOrderSchema,
  AdminCategoryPatchSchema,
  AdminCategorySchema,
  AdminCollectionCreateSchema,
  AdminCollectionListSchema,
  AdminCollectionPatchSchema,
  AdminCollectionProductsSchema,
  AdminCollectionSchema,
  AdminCoverChoicesSchema,
  AdminIdOrderSchema,
  AdminSuperCategoryCreateSchema,
  AdminSuperCategoryListSchema,
  AdminSuperCategoryPatchSchema,
  AdminSuperCategorySchema,
  TaxonomyIdParamsSchema,
} from '../schemas/admin-taxonomy.ts';
import type { NullDataSchema } from '../schemas/base.ts';
import { endpoint } from './endpoint.ts';

type Params = typeof TaxonomyIdParamsSchema;
type Done = typeof NullDataSchema;
const base = '/api/admin/catalog';

/**
 * The owner's categories, super categories and collections (issue 26, area `catalog`: owner and
 * manager; packer and content editor 403). Writes answer the record after them with its new
 * `version` (also the ETag); edits, deletes and a collection's product order take
 * `If-Match: <version>` (409 when it changed since). Sibling orders are sent whole.
 */
export const adminTaxonomyApi = {
  categories: endpoint<{ data: typeof AdminCategoryListSchema }>('GET', `${base}/categories`),
  createCategory: endpoint<{ body: typeof AdminCategoryCreateSchema; data: typeof AdminCategorySchema }>(
    'POST',
    `${base}/categories`,
  ),
  updateCategory: endpoint<{
    params: Params;
    body: typeof AdminCategoryPatchSchema;
    data: typeof AdminCategorySchema;
  }>('PATCH', `${base}/categories/:id`),
  deleteCategory: endpoint<{ params: Params; query: typeof AdminCategoryDeleteQuerySchema; data: Done }>(
    'DELETE',
    `${base}/categories/:id`,
  ),
  orderCategories: endpoint<{ body: typeof AdminCategoryOrderSchema; data: typeof AdminCategoryListSchema }>(
    'PUT',
    `${base}/categories/order`,
  ),
  coverChoices: endpoint<{ params: Params; data: typeof AdminCoverChoicesSchema }>(
    'GET',
    `${base}/categories/:id/covers`,
  ),

  superCategories: endpoint<{ data: typeof AdminSuperCategoryListSchema }>('GET', `${base}/super-categories`),
  createSuperCategory: endpoint<{
    body: typeof AdminSuperCategoryCreateSchema;
    data: typeof AdminSuperCategorySchema;
  }>('POST', `${base}/super-categories`),
  updateSuperCategory: endpoint<{
    params: Params;
    body: typeof AdminSuperCategoryPatchSchema;
    data: typeof AdminSuperCategorySchema;
  }>('PATCH', `${base}/super-categories/:id`),
  deleteSuperCategory: endpoint<{ params: Params; data: Done }>('DELETE', `${base}/super-categories/:id`),
  orderSuperCategories: endpoint<{ body: typeof AdminIdOrderSchema; data: typeof AdminSuperCategoryListSchema }>(
    'PUT',
    `${base}/super-categories/order`,
  ),

  collections: endpoint<{ data: typeof AdminCollectionListSchema }>('GET', `${base}/collections`),
  collection: endpoint<{ params: Params; data: typeof AdminCollectionSchema }>('GET', `${base}/collections/:id`),
  createCollection: endpoint<{ body: typeof AdminCollectionCreateSchema; data: typeof AdminCollectionSchema }>(
    'POST',
    `${base}/collections`,
  ),
  updateCollection: endpoint<{
    params: Params;
    body: typeof AdminCollectionPatchSchema;
    data: typeof AdminCollectionSchema;
  }>('PATCH', `${base}/collections/:id`),
  deleteCollection: endpoint<{ params: Params; data: Done }>('DELETE', `${base}/collections/:id`),
  collectionProducts: endpoint<{
    params: Params;
    body: typeof AdminCollectionProductsSchema;
    data: typeof AdminCollectionSchema;
  }>('PUT', `${base}/collections/:id/products`),
  orderCollections: endpoint<{ body: typeof AdminIdOrderSchema; data: typeof AdminCollectionListSchema }>(
    'PUT',
    `${base}/collections/order`,
  ),
} as const;
