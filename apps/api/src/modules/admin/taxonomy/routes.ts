import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
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
  NullDataSchema,
  TaxonomyIdParamsSchema,
  adminTaxonomyApi as api,
  adminTaxonomyMessages as msg,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { setVersionTag, ownerAct, ownerRouteDoc } from '../if-match.ts';
import {
  coverChoices,
  createCategory,
  deleteCategory,
  listCategories,
  orderCategories,
  updateCategory,
} from './categories.ts';
import {
  createCollection,
  deleteCollection,
  listCollections,
  loadCollection,
  orderCollections,
  setCollectionProducts,
  updateCollection,
} from './collections.ts';
import {
  createSuperCategory,
  deleteSuperCategory,
  listSuperCategories,
  orderSuperCategories,
  updateSuperCategory,
} from './supers.ts';
import type { TaxonomyAct } from './shared.ts';

const IF_MATCH =
  ' Send `If-Match: <version>` (its `version`, also the ETag) to be refused with 409 when it changed since.';

/**
 * The owner's categories, super categories and collections (issue 26), inside the owner API's
 * protected scope; every route is in the `catalog` area (owner, manager).
 */
export const adminTaxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('catalog');
  const act = (req: FastifyRequest): Promise<TaxonomyAct> => ownerAct(req, msg.ifMatch);
  const Params = { params: TaxonomyIdParamsSchema };

  // Categories ---------------------------------------------------------------------------------
  registerEndpoint(
    app,
    api.categories,
    {
      schemas: { data: AdminCategoryListSchema },
      ...doc('Every category in tree order (parents first, siblings by position) with depth, path and counts', []),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await listCategories(db));
    },
  );
  registerEndpoint(
    app,
    api.createCategory,
    {
      schemas: { body: AdminCategoryCreateSchema, data: AdminCategorySchema },
      ...doc('Create a category (slug unique), last among its siblings; 422 per field', [422]),
    },
    async (req, reply) => {
      const c = await createCategory(db, await act(req), req.body);
      setVersionTag(reply, c.version);
      return ok(c, msg.categoryCreated);
    },
  );
  registerEndpoint(
    app,
    api.updateCategory,
    {
      schemas: { ...Params, body: AdminCategoryPatchSchema, data: AdminCategorySchema },
      ...doc(
        'Edit a category: only the fields sent change. A new parent_id moves it (last among its new siblings); under itself or one of its subcategories is 422. image_path: one of its cover choices, or null.' +
          IF_MATCH,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const c = await updateCategory(db, await act(req), req.params.id, req.body);
      setVersionTag(reply, c.version);
      return ok(c, msg.categorySaved);
    },
  );
  registerEndpoint(
    app,
    api.deleteCategory,
    {
      schemas: { ...Params, query: AdminCategoryDeleteQuerySchema, data: NullDataSchema },
      ...doc(
        'Delete a category. With products or subcategories: 409 saying how many, unless ?move=parent (they go to its parent; a top-level category’s products are left without it).' +
          IF_MATCH,
        [404, 409, 422],
      ),
    },
    async (req) => {
      await deleteCategory(db, await act(req), req.params.id, req.query.move === 'parent');
      return ok(null, msg.categoryDeleted);
    },
  );
  registerEndpoint(
    app,
    api.orderCategories,
    {
      schemas: { body: AdminCategoryOrderSchema, data: AdminCategoryListSchema },
      ...doc(
        'Order the categories under parent_id (null: the top level): every one of them once, in the new order; 409 when they changed since',
        [409, 422],
      ),
    },
    async (req) => ok(await orderCategories(db, await act(req), req.body), msg.orderSaved),
  );
  registerEndpoint(
    app,
    api.coverChoices,
    {
      schemas: { ...Params, data: AdminCoverChoicesSchema },
      ...doc('The pictures the category’s cover may be: those of its products and its subcategories’', [404, 422]),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await coverChoices(db, req.params.id));
    },
  );

  // Super categories ---------------------------------------------------------------------------
  registerEndpoint(
    app,
    api.superCategories,
    { schemas: { data: AdminSuperCategoryListSchema }, ...doc('The super categories in order', []) },
    async (req) => {
      await requireStaff(req);
      return ok(await listSuperCategories(db));
    },
  );
  registerEndpoint(
    app,
    api.createSuperCategory,
    {
      schemas: { body: AdminSuperCategoryCreateSchema, data: AdminSuperCategorySchema },
      ...doc('Create a super category (slug unique), last'),
    },
    async (req, reply) => {
      const s = await createSuperCategory(db, await act(req), req.body);
      setVersionTag(reply, s.version);
      return ok(s, msg.superCreated);
    },
  );
  registerEndpoint(
    app,
    api.updateSuperCategory,
    {
      schemas: { ...Params, body: AdminSuperCategoryPatchSchema, data: AdminSuperCategorySchema },
      ...doc('Edit a super category.' + IF_MATCH, [404, 409, 422]),
    },
    async (req, reply) => {
      const s = await updateSuperCategory(db, await act(req), req.params.id, req.body);
      setVersionTag(reply, s.version);
      return ok(s, msg.superSaved);
    },
  );
  registerEndpoint(
    app,
    api.deleteSuperCategory,
    {
      schemas: { ...Params, data: NullDataSchema },
      ...doc('Delete a super category; its categories stay, without one.' + IF_MATCH, [404, 409, 422]),
    },
    async (req) => {
      await deleteSuperCategory(db, await act(req), req.params.id);
      return ok(null, msg.superDeleted);
    },
  );
  registerEndpoint(
    app,
    api.orderSuperCategories,
    {
      schemas: { body: AdminIdOrderSchema, data: AdminSuperCategoryListSchema },
      ...doc('Order the super categories: every id once; 409 when they changed since', [409, 422]),
    },
    async (req) => ok(await orderSuperCategories(db, await act(req), req.body), msg.orderSaved),
  );

  // Collections --------------------------------------------------------------------------------
  registerEndpoint(
    app,
    api.collections,
    { schemas: { data: AdminCollectionListSchema }, ...doc('The collections in order, with product counts', []) },
    async (req) => {
      await requireStaff(req);
      return ok(await listCollections(db));
    },
  );
  registerEndpoint(
    app,
    api.collection,
    {
      schemas: { ...Params, data: AdminCollectionSchema },
      ...doc('A collection with its products in their shop order', [404, 422]),
    },
    async (req, reply) => {
      await requireStaff(req);
      const c = await loadCollection(db, req.params.id);
      setVersionTag(reply, c.version);
      return ok(c);
    },
  );
  registerEndpoint(
    app,
    api.createCollection,
    {
      schemas: { body: AdminCollectionCreateSchema, data: AdminCollectionSchema },
      ...doc('Create a collection (slug unique), last'),
    },
    async (req, reply) => {
      const c = await createCollection(db, await act(req), req.body);
      setVersionTag(reply, c.version);
      return ok(c, msg.collectionCreated);
    },
  );
  registerEndpoint(
    app,
    api.updateCollection,
    {
      schemas: { ...Params, body: AdminCollectionPatchSchema, data: AdminCollectionSchema },
      ...doc('Edit a collection.' + IF_MATCH, [404, 409, 422]),
    },
    async (req, reply) => {
      const c = await updateCollection(db, await act(req), req.params.id, req.body);
      setVersionTag(reply, c.version);
      return ok(c, msg.collectionSaved);
    },
  );
  registerEndpoint(
    app,
    api.collectionProducts,
    {
      schemas: { ...Params, body: AdminCollectionProductsSchema, data: AdminCollectionSchema },
      ...doc(
        'The collection’s products, whole and in their shop order (add, remove and reorder in one write).' + IF_MATCH,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const c = await setCollectionProducts(db, await act(req), req.params.id, req.body.product_ids);
      setVersionTag(reply, c.version);
      return ok(c, msg.orderSaved);
    },
  );
  registerEndpoint(
    app,
    api.deleteCollection,
    {
      schemas: { ...Params, data: NullDataSchema },
      ...doc('Delete a collection (its products stay).' + IF_MATCH, [404, 409, 422]),
    },
    async (req) => {
      await deleteCollection(db, await act(req), req.params.id);
      return ok(null, msg.collectionDeleted);
    },
  );
  registerEndpoint(
    app,
    api.orderCollections,
    {
      schemas: { body: AdminIdOrderSchema, data: AdminCollectionListSchema },
      ...doc('Order the collections: every id once; 409 when they changed since', [409, 422]),
    },
    async (req) => ok(await orderCollections(db, await act(req), req.body), msg.orderSaved),
  );
};
