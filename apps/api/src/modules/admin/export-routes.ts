import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminCustomersExportQuerySchema,
  AdminOrdersExportQuerySchema,
  AdminProductsExportQuerySchema,
  adminExportApi,
  type StaffArea,
} from '@shopfront/shared';
import { fileDay, sendCsv } from '../../lib/csv-export.ts';
import { backgroundLinkOrigin } from '../../lib/origin.ts';
import { shopTimeZone } from '../../lib/time-zone.ts';
import { ordersCsv } from '../orders/admin-export.ts';
import { getStoreSettings } from '../settings/service.ts';
import { recordAudit } from '../staff/audit.ts';
import { requireStaff } from './auth.ts';
import { productsCsv } from './catalog/export.ts';
import { customersCsv } from './customers/export.ts';
import { AUTH_NOTE } from './routes.ts';

const FORMAT =
  " Answers text/csv as an attachment, streamed: UTF-8 with a byte-order mark, CRLF, a header row; a cell starting with = + - @ gets a leading ' (no spreadsheet runs it as a formula); amounts are decimal numbers in major units beside a currency column. Columns: docs/csv-formats.md.";

/**
 * The owner's CSV exports (issue 26). Orders and customers are personal data in bulk (names,
 * phones, addresses of every buyer): they are in the `customers` area, owners and managers only. A
 * packer sees an order's address to ship it, one order at a time, but has no need of everyone's
 * (docs/owner-roles.md). Each export of personal data is written to the audit log with its filters.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const schema = (summary: string, querystring: z.ZodType) => ({
    tags: ['admin'],
    summary,
    description: AUTH_NOTE,
    querystring,
    produces: ['text/csv'],
    response: { 200: z.any().describe('text/csv') },
  });
  const audit = async (req: FastifyRequest, action: string, target: string, filters: object) => {
    const member = await requireStaff(req);
    await recordAudit(db, {
      staff: { id: member.id, email: member.email },
      action,
      target,
      before: null,
      after: { filters },
      ip: req.ip ?? null,
    });
  };
  const config = (staffArea: StaffArea) => ({ staffArea });

  app.route({
    method: adminExportApi.orders.method,
    url: adminExportApi.orders.path,
    config: config('customers'),
    schema: schema(
      'Orders as CSV for the accountant: the inbox’s filters (tab or status, payment_method, payment_status, channel, q) and from/to days in the shop’s time zone; one row per order line, oldest first, the order’s amounts on its first line only. Owners and managers (personal data; audited).' +
        FORMAT,
      AdminOrdersExportQuerySchema,
    ),
    handler: async (req, reply) => {
      const q = req.query as z.output<typeof AdminOrdersExportQuerySchema>;
      const timeZone = await shopTimeZone(db);
      await audit(req, 'orders.export', 'orders', q);
      return sendCsv(reply, `orders-${fileDay(timeZone)}.csv`, ordersCsv(db, q, timeZone));
    },
  });

  app.route({
    method: adminExportApi.products.method,
    url: adminExportApi.products.path,
    config: config('catalog'),
    schema: schema(
      'Products as CSV, one row per variant, with the product list’s filters (q, status, category, stock): the columns the product import reads back, so importing the file unchanged changes nothing.' +
        FORMAT,
      AdminProductsExportQuerySchema,
    ),
    handler: async (req, reply) => {
      const q = req.query as z.output<typeof AdminProductsExportQuerySchema>;
      const settings = await getStoreSettings(db, ['store_url']);
      const origin = backgroundLinkOrigin(app.env, settings.store_url);
      const timeZone = await shopTimeZone(db);
      return sendCsv(reply, `products-${fileDay(timeZone)}.csv`, await productsCsv(db, q, origin));
    },
  });

  app.route({
    method: adminExportApi.customers.method,
    url: adminExportApi.customers.path,
    config: config('customers'),
    schema: schema(
      'Customers as CSV with the customer list’s filters (q, blocked), oldest first, with orders, total spent and dates in the shop’s time zone. Owners and managers (personal data; audited).' +
        FORMAT,
      AdminCustomersExportQuerySchema,
    ),
    handler: async (req, reply) => {
      const q = req.query as z.output<typeof AdminCustomersExportQuerySchema>;
      const timeZone = await shopTimeZone(db);
      await audit(req, 'customers.export', 'customers', q);
      return sendCsv(reply, `customers-${fileDay(timeZone)}.csv`, customersCsv(db, q, timeZone));
    },
  });
};
