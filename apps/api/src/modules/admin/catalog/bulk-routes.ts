import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBulkPageSchema,
  AdminBulkQuerySchema,
  AdminBulkSavedSchema,
  AdminBulkSaveSchema,
  BULK_MAX_CELLS,
  adminBulkApi,
  adminBulkMessages as msg,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { IDEMPOTENCY_NOTE } from '../../../lib/idempotency.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { AUTH_NOTE } from '../routes.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import { bulkPage, saveBulk } from './bulk.ts';
import { publishDue } from './products.ts';

/** The bulk editor's two routes (issue 26), in the owner API's protected scope, area `catalog`. */
export const adminBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  registerEndpoint(
    app,
    adminBulkApi.page,
    {
      schemas: { query: AdminBulkQuerySchema, data: AdminBulkPageSchema },
      tags: ['admin'],
      summary:
        'The bulk editor’s grid: the product list’s filters (q, status, category, stock) and keyset pages (limit products a page, all their variants). Each row: product and variant title, SKU, price and compare-at in `channel` (minor units; null without a price there), stock, the product’s published state and version',
      description: AUTH_NOTE,
      errors: [401, 403, 422, 429],
      config: { staffArea: 'catalog' },
    },
    async (req) => {
      await requireStaff(req);
      await publishDue(db);
      return ok(await bulkPage(db, req.query));
    },
  );

  registerEndpoint(
    app,
    adminBulkApi.save,
    {
      schemas: { body: AdminBulkSaveSchema, data: AdminBulkSavedSchema },
      tags: ['admin'],
      summary:
        `Save a batch of cell edits (at most ${BULK_MAX_CELLS}) in one transaction: each cell is {row (variant id), field (price, compare_at, stock, published), value, was (what the grid showed)}. 422 "${msg.invalid}" with errors["<row>.<field>"] for every bad cell (price a whole number ≥ 0, compare-at empty or above the price, stock a whole number ≥ 0); 409 "${msg.conflict}" naming each price, compare-at or published cell that no longer holds its was. A stock cell is applied as its change (value − was) to the stock as it is, so a sale meanwhile counts too (409 only if that would go below zero). One audit entry (catalog.bulk); the answer’s undo takes the whole batch back` +
        IDEMPOTENCY_NOTE,
      description: AUTH_NOTE,
      errors: [401, 403, 409, 422, 429],
      config: { staffArea: 'catalog', idempotent: true },
    },
    async (req) => {
      const member = await requireStaff(req);
      const actor = collecting({ id: member.id, email: member.email });
      const result = await saveBulk(db, actor, req.ip ?? null, req.body);
      return ok(result, msg.saved(result.changed), undoOffer(actor));
    },
  );
};
