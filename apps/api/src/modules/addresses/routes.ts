import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressBodyHeadSchema,
  AddressDeletedSchema,
  AddressIdParamsSchema,
  AddressListSchema,
  AddressSchema,
  addressApi,
  addressMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { IDEMPOTENCY_NOTE } from '../../lib/idempotency.ts';
import { requireCustomer } from '../../lib/session.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const BODY_NOTE =
  'Body: address_type (Shipping | Billing), default, country_id, state_id and the columns of GET /api/settings/address-fields/{type}, checked against those definitions (422 with a message per field). total_mrp and unlisted columns are dropped.';

/**
 * The customer's address book (spec section 7, Address). Every call needs a session (401 for a
 * guest); an id that is not the caller's answers 404, exactly like one that does not exist.
 */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  // A guest is answered 401 before the body is even looked at (this plugin's routes only).
  app.addHook('preValidation', async (req) => {
    await requireCustomer(req);
  });

  registerEndpoint(
    app,
    addressApi.all,
    {
      schemas: { data: AddressListSchema },
      tags: ['address'],
      summary: "The customer's saved addresses: each type's default first, then newest first",
      errors: [401],
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await listAddresses(app.db, customer.id));
    },
  );

  registerEndpoint(
    app,
    addressApi.add,
    {
      // Only the parts that choose the rules are checked here; the service checks the rest.
      schemas: { body: AddressBodyHeadSchema, data: AddressSchema },
      tags: ['address'],
      summary: `Save a new address; the first of its type, or one sent with default: true, becomes the default${IDEMPOTENCY_NOTE}`,
      description: BODY_NOTE,
      errors: [401, 404, 422],
      config: { idempotent: true },
    },
    async (req) => {
      const customer = await requireCustomer(req);
      return ok(await addAddress(app.db, customer.id, req.body), addressMessages.added);
    },
  );

  registerEndpoint(
    app,
    addressApi.update,
    {
      schemas: { params: AddressIdParamsSchema, body: AddressBodyHeadSchema, data: AddressSchema },
      tags: ['address'],
      summary: 'Replace one of the customer’s addresses; default: true moves the default of its type here',
      description: BODY_NOTE,
      errors: [401, 404, 422],
    },
    async (req) => {
      const customer = await requireCustomer(req);
      const address = await updateAddress(app.db, customer.id, req.params.id, req.body);
      if (!address) throw notFound(addressMessages.notFound);
      return ok(address, addressMessages.updated);
    },
  );

  // Not in the spec's table: a shopper must be able to delete an address (documented in docs/decisions).
  registerEndpoint(
    app,
    addressApi.delete,
    {
      schemas: { params: AddressIdParamsSchema, data: AddressDeletedSchema },
      tags: ['address'],
      summary:
        'Delete one of the customer’s addresses; if it was the default, the newest remaining one of its type takes over',
      errors: [401, 404],
    },
    async (req) => {
      const customer = await requireCustomer(req);
      if (!(await deleteAddress(app.db, customer.id, req.params.id))) throw notFound(addressMessages.notFound);
      return ok({ id: req.params.id }, addressMessages.deleted);
    },
  );
};
