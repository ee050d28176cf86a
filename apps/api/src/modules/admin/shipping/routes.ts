import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminShippingMethodBodySchema,
  AdminShippingMethodDeletedSchema,
  AdminShippingMethodOrderSchema,
  AdminShippingMethodParamsSchema,
  AdminShippingMethodSchema,
  AdminShippingSchema,
  AdminShippingZoneBodySchema,
  AdminShippingZoneDeletedSchema,
  AdminShippingZoneOrderSchema,
  AdminShippingZoneParamsSchema,
  AdminShippingZoneSchema,
  adminShippingMessages as msg,
  adminShippingApi as api,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { ownerAct, ownerRouteDoc, setVersionTag } from '../if-match.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import { createMethod, deleteMethod, orderMethods, updateMethod } from './methods.ts';
import { createZone, deleteZone, orderZones, shippingOverview, updateZone, type ShippingAct } from './service.ts';

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (its `version`, also its ETag) to be refused with 409 when it changed since.';
const FOLLOWS =
  ' The cart, the checkout and the pincode check follow at once, on every process. The answer offers Undo (POST /api/admin/audit/{id}/undo).';

/**
 * The owner's shipping zones and methods (issue 26). Registered inside the owner API's protected
 * scope; area `settings` (owner, manager).
 */
export const adminShippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('settings');
  const act = async (req: FastifyRequest): Promise<ShippingAct & { staff: ReturnType<typeof collecting> }> => {
    const a = await ownerAct(req, msg.ifMatch);
    return { ...a, staff: collecting(a.staff) };
  };
  const versioned = <T extends { version: number }>(
    reply: FastifyReply,
    record: T,
    message: string,
    a: ShippingAct,
  ) => {
    setVersionTag(reply, record.version);
    return ok(record, message, undoOffer(a.staff));
  };
  const Overview = { data: AdminShippingSchema };

  registerEndpoint(
    app,
    api.overview,
    {
      schemas: Overview,
      ...doc(
        'Every shipping zone in the order addresses are matched (the first that covers an address serves it), each with its methods; the methods offered in every zone; the countries with their states; the currency of the amounts',
        [],
      ),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await shippingOverview(db));
    },
  );

  registerEndpoint(
    app,
    api.createZone,
    {
      schemas: { body: AdminShippingZoneBodySchema, data: AdminShippingZoneSchema },
      ...doc(
        'Add a zone, matched after the others: name, country_id, state_ids (of that country; empty: all), postcodes ("560001-560099, 110001"; empty: all; each end in the country’s shape), cod_available and cod_fee_minor, delivery_days_min ≤ delivery_days_max, is_active. 422 with a message per field, naming the bad range.' +
          FOLLOWS,
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      return versioned(reply, await createZone(db, a, req.body), msg.zoneCreated, a);
    },
  );

  registerEndpoint(
    app,
    api.orderZones,
    {
      schemas: { body: AdminShippingZoneOrderSchema, ...Overview },
      ...doc(
        'Put the zones in this order (every zone’s id once): an address is served by the first that covers it. 409 when a zone was added or removed since.' +
          FOLLOWS,
        [409, 422],
      ),
    },
    async (req) => {
      const a = await act(req);
      return ok(await orderZones(db, a, req.body.ids), msg.reordered, undoOffer(a.staff));
    },
  );

  registerEndpoint(
    app,
    api.updateZone,
    {
      schemas: {
        params: AdminShippingZoneParamsSchema,
        body: AdminShippingZoneBodySchema,
        data: AdminShippingZoneSchema,
      },
      ...doc(
        'Replace a zone’s settings (the whole zone, as on create); its methods stay.' + FOLLOWS + IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      return versioned(reply, await updateZone(db, a, req.params.id, req.body), msg.zoneSaved, a);
    },
  );

  registerEndpoint(
    app,
    api.removeZone,
    {
      schemas: { params: AdminShippingZoneParamsSchema, data: AdminShippingZoneDeletedSchema },
      ...doc(
        'Delete a zone and its own methods (methods_deleted says how many).' + FOLLOWS + IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => {
      const a = await act(req);
      const gone = await deleteZone(db, a, req.params.id);
      return ok(gone, msg.zoneDeleted(gone.methods_deleted), undoOffer(a.staff));
    },
  );

  registerEndpoint(
    app,
    api.createMethod,
    {
      schemas: { body: AdminShippingMethodBodySchema, data: AdminShippingMethodSchema },
      ...doc(
        'Add a method, offered after the others of its zone: zone_id (null: every zone), name, description, price_minor (flat rate, ≥ 0), free_over_minor (free when the goods after the coupon reach it; null: never), delivery_days_min/max (both or neither: the zone’s), is_active. Its code (the cart’s shipping mode) is made from the name.' +
          FOLLOWS,
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      return versioned(reply, await createMethod(db, a, req.body), msg.methodCreated, a);
    },
  );

  registerEndpoint(
    app,
    api.orderMethods,
    {
      schemas: { body: AdminShippingMethodOrderSchema, ...Overview },
      ...doc(
        'Put one zone’s methods (zone_id null: the every-zone ones) in this order, the order a cart offers them (the first is chosen for a shopper). 409 when one was added or removed since.',
        [409, 422],
      ),
    },
    async (req) => {
      const a = await act(req);
      return ok(await orderMethods(db, a, req.body.zone_id, req.body.codes), msg.reordered, undoOffer(a.staff));
    },
  );

  registerEndpoint(
    app,
    api.updateMethod,
    {
      schemas: {
        params: AdminShippingMethodParamsSchema,
        body: AdminShippingMethodBodySchema,
        data: AdminShippingMethodSchema,
      },
      ...doc(
        'Replace a method’s settings (the whole method, as on create). A checkout whose total came from the old rate is refused by the confirmed-total check.' +
          FOLLOWS +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      return versioned(reply, await updateMethod(db, a, req.params.code, req.body), msg.methodSaved, a);
    },
  );

  registerEndpoint(
    app,
    api.removeMethod,
    {
      schemas: { params: AdminShippingMethodParamsSchema, data: AdminShippingMethodDeletedSchema },
      ...doc(
        'Delete a method; carts that had chosen it get the first one offered.' + FOLLOWS + IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => {
      const a = await act(req);
      return ok(await deleteMethod(db, a, req.params.code), msg.methodDeleted, undoOffer(a.staff));
    },
  );
};
