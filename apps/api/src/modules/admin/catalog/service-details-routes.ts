import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProductParamsSchema,
  AdminServiceDetailsSchema,
  NullDataSchema,
  ServiceDetailsBodySchema,
  ServiceDetailsSchema,
  adminCatalogApi,
  serviceMessages as msg,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { ownerRouteDoc } from '../if-match.ts';
import { getServiceDetails, removeServiceDetails, saveServiceDetails } from './service-details.ts';

/**
 * A product's service details (issue 27): what makes it a service in services mode. In the
 * catalogue's area (owner, manager; 403 for packers and content editors), like the product itself.
 */
export const adminServiceDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('catalog');
  const actOf = async (req: Parameters<typeof requireStaff>[0]) => {
    const m = await requireStaff(req);
    return { staff: { id: m.id, email: m.email }, ip: req.ip ?? null };
  };

  registerEndpoint(
    app,
    adminCatalogApi.serviceDetails,
    {
      schemas: { params: AdminProductParamsSchema, data: AdminServiceDetailsSchema },
      ...doc(
        'The product’s service details (fee kind, includes, turnaround, documents, stages, form fields); null when it is sold as a product',
        [404, 422],
      ),
    },
    async (req) => {
      await requireStaff(req);
      const details = await getServiceDetails(db, req.params.id);
      if (details === undefined) throw notFound(msg.productNotFound);
      return ok(details);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.saveServiceDetails,
    {
      schemas: { params: AdminProductParamsSchema, body: ServiceDetailsBodySchema, data: ServiceDetailsSchema },
      ...doc(
        'Make the product a service, or replace its service details whole. 422 with a message per field (`form_fields.2.options`: a choice field needs two or more options; `form_fields.1.accept`: a file field needs an accepted type; `stages.0.key`: unique, and not one of the stages every application has: quote_requested, awaiting_payment, submitted, rejected, cancelled; field keys unique). Shown on the product page in services mode',
        [404, 422],
      ),
    },
    async (req) => {
      const { staff, ip } = await actOf(req);
      if (!(await saveServiceDetails(db, staff, ip, req.params.id, req.body))) throw notFound(msg.productNotFound);
      return ok((await getServiceDetails(db, req.params.id))!, msg.saved);
    },
  );

  registerEndpoint(
    app,
    adminCatalogApi.removeServiceDetails,
    {
      schemas: { params: AdminProductParamsSchema, data: NullDataSchema },
      ...doc('The product is sold as a product again: its service details are removed', [404, 422]),
    },
    async (req) => {
      const { staff, ip } = await actOf(req);
      if (!(await removeServiceDetails(db, staff, ip, req.params.id))) throw notFound(msg.productNotFound);
      return ok(null, msg.removed);
    },
  );
};
