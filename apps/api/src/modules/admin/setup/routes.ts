import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  SetupCodBodySchema,
  SetupLegalBodySchema,
  SetupOpenBodySchema,
  SetupPaymentsBodySchema,
  SetupRegionBodySchema,
  SetupShippingBodySchema,
  SetupStatusSchema,
  SetupStoreBodySchema,
  SetupTaxBodySchema,
  adminSetupApi,
  setupMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { assertOwner } from '../../staff/permissions.ts';
import { requireStaff } from '../auth.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import {
  getSetupStatus,
  openShop,
  saveCodStep,
  saveLegalStep,
  savePaymentsStep,
  saveRegionStep,
  saveShippingStep,
  saveStoreStep,
  saveTaxStep,
  type SetupActor,
} from './service.ts';

const NOTE =
  'Owner API (ADR 26), first run (issue 25): owners and managers (area settings). Each step may be saved again at any time and answers the whole setup status; 422 with field messages for bad input.';

/** The first-run setup: thin routes over ./service.ts, inside the owner API's protected scope. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string, errors: readonly (409 | 422)[] = [422]) => ({
    tags: ['admin'],
    summary,
    description: NOTE,
    errors: [401, 403, ...errors, 429] as const,
    config: { staffArea: 'settings' as const },
  });
  const actorOf = async (req: FastifyRequest): Promise<SetupActor> => {
    const m = await requireStaff(req);
    return collecting({ id: m.id, email: m.email, role: m.role });
  };
  const status = () => getSetupStatus(app.db, app.payments.codes);

  registerEndpoint(
    app,
    adminSetupApi.status,
    { schemas: { data: SetupStatusSchema }, ...doc('Every setup step: its values and whether it is done', []) },
    async (req) => {
      await actorOf(req);
      return ok(await status());
    },
  );

  // One PUT per step: validated by its schema, saved by its service function, answering the status.
  registerEndpoint(
    app,
    adminSetupApi.store,
    {
      schemas: { body: SetupStoreBodySchema, data: SetupStatusSchema },
      ...doc('Store name, e-mail, logo and colours'),
    },
    async (req) => {
      const actor = await actorOf(req);
      await saveStoreStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('store'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.region,
    {
      schemas: { body: SetupRegionBodySchema, data: SetupStatusSchema },
      ...doc('Country and currency (the country’s own)'),
    },
    async (req) => {
      const actor = await actorOf(req);
      await saveRegionStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('region'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.tax,
    {
      schemas: { body: SetupTaxBodySchema, data: SetupStatusSchema },
      ...doc('The tax rate (GST, a whole percentage) included in every price'),
    },
    async (req) => {
      const actor = await actorOf(req);
      await saveTaxStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('tax'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.cod,
    {
      schemas: { body: SetupCodBodySchema, data: SetupStatusSchema },
      ...doc('Cash on Delivery on or off, and its fee (minor units)'),
    },
    async (req) => {
      const actor = await actorOf(req);
      await saveCodStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('cod'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.shipping,
    {
      schemas: { body: SetupShippingBodySchema, data: SetupStatusSchema },
      ...doc('The shipping zone (the whole country): flat rate, free above an amount (minor units)'),
    },
    async (req) => {
      const actor = await actorOf(req);
      await saveShippingStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('shipping'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.payments,
    {
      schemas: { body: SetupPaymentsBodySchema, data: SetupStatusSchema },
      ...doc(
        'Owners only (403 for managers). Cash on Delivery only, or Razorpay with its keys (checked for shape only: no call to Razorpay; saved for the record; the server takes Razorpay payments while RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are in its environment: razorpay_active)',
      ),
    },
    async (req) => {
      // Where the shop's money goes is the owner's to decide, as the store URL is (403 for a manager).
      assertOwner(await requireStaff(req));
      const actor = await actorOf(req);
      await savePaymentsStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('payments'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.legal,
    {
      schemas: { body: SetupLegalBodySchema, data: SetupStatusSchema },
      ...doc('Terms, privacy and returns pages (title and text; "## " starts a heading)'),
    },
    async (req) => {
      const actor = await actorOf(req);
      await saveLegalStep(app.db, actor, req.body, req.ip ?? null);
      return ok(await status(), setupMessages.saved('legal'), undoOffer(actor));
    },
  );

  registerEndpoint(
    app,
    adminSetupApi.open,
    {
      schemas: { body: SetupOpenBodySchema, data: SetupStatusSchema },
      ...doc(
        'Open the shop: the storefront leaves "Coming Soon". 409 naming the missing steps (errors.steps), or, with no published product, errors.acknowledge_empty_catalogue until the body sends acknowledge_empty_catalogue: true',
        [409],
      ),
    },
    async (req) => {
      await openShop(app.db, await actorOf(req), req.body ?? {}, req.ip ?? null);
      return ok(await status(), setupMessages.opened);
    },
  );
};
