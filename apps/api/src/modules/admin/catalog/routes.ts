import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
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
  adminCatalogApi,
  adminCatalogMessages as msg,
  type AdminProduct,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { IDEMPOTENCY_NOTE } from '../../../lib/idempotency.ts';
import { requireStaff } from '../auth.ts';
import { setVersionTag, ownerAct, ownerRouteDoc } from '../if-match.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import { listAdminProducts } from './list.ts';
import { lowStockThreshold, loadAdminProduct } from './product-view.ts';
import {
  archiveProduct,
  createProduct,
  duplicateProduct,
  publishDue,
  updateProduct,
  type CatalogAct,
} from './products.ts';
import { adjustStock, lowStockList, saveLowStockThreshold, setStock, variantStock } from './stock.ts';

declare module '../../jobs/registry.ts' {
  interface JobPayloads {
    'catalog-publish-scheduled': Record<string, never>;
  }
}

/** How often scheduled products are looked at (a product goes live within this of its time). */
export const PUBLISH_SCHEDULED_EVERY_MS = 60_000;

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (the product’s `version`, also its ETag) to be refused with 409 when the product changed since.';

/**
 * The owner's catalogue (issue 26): products, variants, prices and stock. Registered inside the
 * owner API's protected scope; every route is in the `catalog` area (owner, manager).
 */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('catalog');
  const act = (req: FastifyRequest): Promise<CatalogAct> => ownerAct(req, msg.ifMatch);
  const answer = (reply: FastifyReply, p: AdminProduct, message?: string) => {
    setVersionTag(reply, p.version);
    return ok(p, message);
  };
  const Product = { data: AdminProductSchema };

  app.jobs.register('catalog-publish-scheduled', {
    payload: z.strictObject({}),
    async handle(_payload, ctx) {
      const n = await publishDue(ctx.db);
      if (n) ctx.log.info({ published: n }, 'catalog: scheduled products published');
    },
    repeat: { everyMs: PUBLISH_SCHEDULED_EVERY_MS, payload: {} },
  });

  registerEndpoint(
    app,
    adminCatalogApi.list,
    {
      schemas: { query: AdminProductsQuerySchema, data: AdminProductListSchema },
      ...doc(
        'The product list, newest first: q (title words or a sku prefix), status (draft, published, scheduled, archived; archived products show only under it), category (slug), stock (low: some variant at or under the low-stock threshold; out: no units left); keyset pages (cursor = next_cursor). Each row: variant count, price range in the default channel (minor units), stock total and how many variants are low or out',
      ),
    },
    async (req) => {
      await requireStaff(req);
      await publishDue(db);
      return ok(await listAdminProducts(db, req.query));
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.create,
    {
      schemas: { body: AdminProductCreateSchema, ...Product },
      ...doc(
        'Create a product with its options and variants (sku unique; a price per channel in minor units, compare-at empty or above it; opening stock, recorded as a restock). Status draft (default), published or scheduled (publish_at in the future). 422 with a message per field (`variants.0.sku`, `slug`, …)',
      ),
    },
    async (req, reply) => {
      const p = await createProduct(db, await act(req), req.body);
      reply.code(200);
      return answer(reply, p, msg.created);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.get,
    {
      schemas: { params: AdminProductParamsSchema, ...Product },
      ...doc(
        'The product editor: every field, options, variants with prices and stock, old slugs, and its version (ETag, for If-Match)',
        [404, 422],
      ),
    },
    async (req, reply) => {
      await requireStaff(req);
      const p = await loadAdminProduct(db, req.params.id);
      if (!p) throw notFound(msg.productNotFound);
      return answer(reply, p);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.update,
    {
      schemas: { params: AdminProductParamsSchema, body: AdminProductPatchSchema, ...Product },
      ...doc(
        'Edit a product: only the fields sent change; the answer’s undo takes the edit back (fields, options, variants’ SKUs and prices; never stock) while the product is still at the version the edit left. A new slug leaves the old one as a redirect (the storefront’s product page follows it). options and variants go together and replace the product’s: a variant named by id keeps its stock, one without is added with its opening stock, one left out is removed. Stock itself changes only through the stock actions.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      const staff = collecting(a.staff);
      const p = await updateProduct(db, { ...a, staff }, req.params.id, req.body);
      setVersionTag(reply, p.version);
      return ok(p, msg.saved, undoOffer(staff));
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.duplicate,
    {
      schemas: { params: AdminProductParamsSchema, ...Product },
      ...doc(
        'Copy a product as a draft: “(copy)” title, `-copy` slug and skus, same options, prices and fields, no stock',
        [404, 422],
      ),
    },
    async (req, reply) => answer(reply, await duplicateProduct(db, await act(req), req.params.id), msg.duplicated),
  );

  registerEndpoint(
    app,
    adminCatalogApi.archive,
    {
      schemas: { params: AdminProductParamsSchema, ...Product },
      ...doc(
        'Archive a product: it leaves the storefront (page, listings, search) at once and the panel’s default list; its orders keep it. Editing its status brings it back. 409 when already archived.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => answer(reply, await archiveProduct(db, await act(req), req.params.id), msg.archivedDone),
  );

  registerEndpoint(
    app,
    adminCatalogApi.variantStock,
    {
      schemas: { params: AdminVariantParamsSchema, data: AdminVariantStockSchema },
      ...doc(
        'A variant’s stock with its latest 50 movements (from, to, why: sale, cancel, return, restock, manual, correction; who; order)',
        [404, 422],
      ),
    },
    async (req) => {
      await requireStaff(req);
      const v = await variantStock(db, req.params.variant_id);
      if (!v) throw notFound(msg.variantNotFound);
      return ok(v);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.setStock,
    {
      schemas: { params: AdminVariantParamsSchema, body: AdminStockSetSchema, data: AdminVariantStockSchema },
      ...doc(
        `Set a variant’s stock (a count): reason restock, manual or correction, an optional note. With expected_stock (what the owner saw) it applies only while the stock is still that: 409 when a sale or another change came first, nothing lost; when the stock already is the count asked for (a retry after a lost answer), 200 and nothing changes${IDEMPOTENCY_NOTE}`,
        [404, 409, 422],
      ),
      config: { staffArea: 'catalog', idempotent: true },
    },
    async (req) => {
      const a = await act(req);
      return ok(await setStock(db, a.staff, a.ip, req.params.variant_id, req.body), msg.stockSaved);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.adjustStock,
    {
      schemas: { params: AdminVariantParamsSchema, body: AdminStockAdjustSchema, data: AdminVariantStockSchema },
      ...doc(
        `Add units to a variant’s stock (delta, negative to take): applied to the stock as it is at that moment, so an adjustment and a sale at once both count; 422 when it would go below zero. Send an Idempotency-Key so a retry never adds twice${IDEMPOTENCY_NOTE}`,
        [404, 422],
      ),
      config: { staffArea: 'catalog', idempotent: true },
    },
    async (req) => {
      const a = await act(req);
      return ok(await adjustStock(db, a.staff, a.ip, req.params.variant_id, req.body), msg.stockSaved);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.lowStock,
    {
      schemas: { data: AdminLowStockSchema },
      ...doc(
        'Variants at or under the low-stock threshold (out of stock first), of products not archived; at most 500',
        [],
      ),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await lowStockList(db));
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.settings,
    {
      schemas: { data: AdminCatalogSettingsSchema },
      ...doc('The catalogue settings: the low-stock threshold (default 5)', []),
    },
    async (req) => {
      await requireStaff(req);
      return ok({ low_stock_threshold: await lowStockThreshold(db) });
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.saveSettings,
    {
      schemas: { body: AdminCatalogSettingsSchema, data: AdminCatalogSettingsSchema },
      ...doc('Save the catalogue settings (low_stock_threshold, 0 to 10000 units)'),
    },
    async (req) => {
      const a = await act(req);
      const n = await saveLowStockThreshold(db, a.staff, a.ip, req.body.low_stock_threshold);
      return ok({ low_stock_threshold: n }, msg.settingsSaved);
    },
  );
};
