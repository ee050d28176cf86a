import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TaxSellerBodySchema, TaxSellerSchema, adminTaxApi, taxMessages } from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { readTaxSeller, saveTaxSeller } from './service.ts';

const NOTE = 'Owner API (ADR 26), tax (issue 26): owners and managers (area settings).';

/** Tax: the seller printed on tax invoices. Thin routes over ./service.ts. */
export const adminTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, errors: readonly 422[] = []) => ({
    tags: ['admin'],
    summary,
    description: NOTE,
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: 'settings' as const },
  });

  registerEndpoint(
    app,
    adminTaxApi.seller,
    { schemas: { data: TaxSellerSchema }, ...doc('The seller on tax invoices: legal name, GSTIN, registered address') },
    async (req) => {
      await requireStaff(req);
      return ok(await readTaxSeller(app.db));
    },
  );

  registerEndpoint(
    app,
    adminTaxApi.saveSeller,
    {
      schemas: { body: TaxSellerBodySchema, data: TaxSellerSchema },
      ...doc('Saves the seller on tax invoices (the GSTIN checked: shape, state code, check character)', [422]),
    },
    async (req) => {
      const m = await requireStaff(req);
      const seller = await saveTaxSeller(app.db, { id: m.id, email: m.email }, req.body, req.ip ?? null);
      return ok(seller, taxMessages.sellerSaved);
    },
  );
};
