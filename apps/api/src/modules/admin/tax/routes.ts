import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TaxRateBodySchema,
  TaxRateKeyParamsSchema,
  TaxRateSchema,
  TaxRatesSchema,
  TaxSellerBodySchema,
  TaxSellerSchema,
  adminTaxApi,
  taxMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { addTaxRate, deleteTaxRate, listTaxRates, saveTaxRate } from './rates.ts';
import { readTaxSeller, saveTaxSeller } from './service.ts';

/** Owners and managers (area settings). */
const doc = ownerRouteDoc('settings');

/** Tax: the seller printed on tax invoices and the rates per tax class. Thin routes over ./service.ts and ./rates.ts. */
export const adminTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminTaxApi.seller,
    {
      schemas: { data: TaxSellerSchema },
      ...doc('The seller on tax invoices: legal name, GSTIN, registered address', []),
    },
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

  registerEndpoint(
    app,
    adminTaxApi.rates,
    {
      schemas: { data: TaxRatesSchema },
      ...doc('The tax classes with their rates and how many products use each', []),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await listTaxRates(app.db));
    },
  );

  registerEndpoint(
    app,
    adminTaxApi.addRate,
    {
      schemas: { body: TaxRateBodySchema, data: TaxRateSchema },
      ...doc('Adds a tax class (its key made from the label)', [422]),
    },
    async (req, reply) => {
      const act = await ownerAct(req, taxMessages.ifMatch);
      const rate = await addTaxRate(app.db, act, req.body);
      setVersionTag(reply, rate.version);
      return ok(rate, taxMessages.rateAdded);
    },
  );

  registerEndpoint(
    app,
    adminTaxApi.saveRate,
    {
      schemas: { params: TaxRateKeyParamsSchema, body: TaxRateBodySchema, data: TaxRateSchema },
      ...doc('Edits a tax class’s label and rate (If-Match: its version; 409 when it changed since)', [404, 409, 422]),
    },
    async (req, reply) => {
      const act = await ownerAct(req, taxMessages.ifMatch);
      const rate = await saveTaxRate(app.db, act, req.params.key, req.body);
      setVersionTag(reply, rate.version);
      return ok(rate, taxMessages.rateSaved);
    },
  );

  registerEndpoint(
    app,
    adminTaxApi.deleteRate,
    {
      schemas: { params: TaxRateKeyParamsSchema, data: TaxRatesSchema },
      ...doc('Deletes a tax class no product uses (409 naming how many do; never the standard class)', [404, 409, 422]),
    },
    async (req) => {
      const act = await ownerAct(req, taxMessages.ifMatch);
      return ok(await deleteTaxRate(app.db, act, req.params.key), taxMessages.rateDeleted);
    },
  );
};
