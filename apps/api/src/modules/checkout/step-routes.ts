import type { FastifyInstance } from 'fastify';
import {
  CartAddressHeadSchema,
  CartSchema,
  CartUpdateBodySchema,
  CartValidationSchema,
  ContactBodySchema,
  ModeBodySchema,
  cartApi,
  cartMessages,
  messages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { requireCustomer } from '../../lib/session.ts';
import { findAddress, unsavedAddress, validateAddressBody } from '../addresses/service.ts';
import { scheduleCartReminder } from '../cart/abandoned-cart.ts';
import { cartAnswers } from '../cart/answers.ts';
import { cartOwnerOf } from '../cart/cart-cookie.ts';
import { CHECKOUT_STEP_RATE_LIMITS } from './limits.ts';
import { setAddress, setCartFields, setContact, setPaymentMethod, setShippingMethod } from './steps.ts';
import { validateCheckout, verdictError } from './validate.ts';

const tags = ['cart'];

/**
 * The checkout steps before the order (spec section 5; the spec's paths stay under /api/cart):
 * the address, delivery and payment choices, the contact, and each step's validation. Every
 * answer is the whole priced cart, as the cart's own endpoints (cart/routes.ts).
 */
export async function checkoutStepRoutes(app: FastifyInstance) {
  const db = app.db;
  const { ctx, current, existing, existingRow, answer } = cartAnswers(app);

  registerEndpoint(
    app,
    cartApi.updateAddress,
    {
      schemas: { body: CartAddressHeadSchema, data: CartSchema },
      tags,
      summary:
        "Set the cart's Shipping or Billing address (address_type): a saved address_id of the customer (404 if not theirs), or the address fields, checked like the address book's (422 per field)",
      errors: [401, 404, 409, 422],
    },
    async (req) => {
      const owner = await cartOwnerOf(req);
      const cartId = await existing(owner, 'address_type', messages.cartEmpty);
      const type = req.body.address_type;
      let address;
      if (req.body.address_id !== undefined) {
        const customer = await requireCustomer(req);
        address = await findAddress(db, customer.id, req.body.address_id);
        if (!address) throw new HttpError(404, messages.notFound);
      } else {
        const input = await validateAddressBody(db, req.body);
        address = await unsavedAddress(db, input);
      }
      await setAddress(db, cartId, type, { ...address, address_type: type });
      return answer(cartId, cartMessages.addressSaved);
    },
  );

  registerEndpoint(
    app,
    cartApi.updateShippingMode,
    {
      schemas: { body: ModeBodySchema, data: CartSchema },
      tags,
      summary:
        "Choose a delivery option by code: one of the cart's shipping_methods, those that serve its shipping address (ADR 0023). 422 on mode otherwise",
      errors: [409, 422],
    },
    async (req) => {
      const row = await existingRow(await cartOwnerOf(req), 'mode', messages.cartEmpty);
      return ok(await setShippingMethod(db, row, req.body.mode, ctx), cartMessages.updated);
    },
  );

  registerEndpoint(
    app,
    cartApi.updatePaymentMode,
    {
      schemas: { body: ModeBodySchema, data: CartSchema },
      tags,
      summary:
        "Choose a payment option by code: one of the cart's cart_payment_methods (Cash on Delivery only where the shipping address's zone has it, adding its fee; online ones only while their provider is configured). 422 on mode otherwise",
      errors: [409, 422],
    },
    async (req) => {
      const row = await existingRow(await cartOwnerOf(req), 'mode', messages.cartEmpty);
      return ok(await setPaymentMethod(db, row, req.body.mode, ctx), cartMessages.updated);
    },
  );

  registerEndpoint(
    app,
    cartApi.updateContact,
    {
      schemas: { body: ContactBodySchema, data: CartSchema },
      tags,
      summary:
        "Set the order's contact e-mail and phone, and consent to one reminder about this cart. 20 per 15 minutes per address",
      errors: [409, 422, 429],
      config: { rateLimit: CHECKOUT_STEP_RATE_LIMITS.updateContact },
    },
    async (req) => {
      const cartId = await existing(await cartOwnerOf(req), 'email', messages.cartEmpty);
      await setContact(db, cartId, req.body);
      await scheduleCartReminder(app, db, cartId);
      return answer(cartId, cartMessages.contactSaved);
    },
  );

  registerEndpoint(
    app,
    cartApi.update,
    {
      schemas: { body: CartUpdateBodySchema, data: CartSchema },
      tags,
      summary:
        "Set cart-wide fields: note, billing_same_as_shipping, and the buyer's GSTIN for a business tax invoice with its business name (buyer_gstin, buyer_business_name: checked for shape and check character, 422 per field; '' or null removes both)",
      errors: [409, 422],
    },
    async (req) => {
      const cartId = await existing(await cartOwnerOf(req), 'note', messages.cartEmpty);
      await setCartFields(db, cartId, req.body);
      return answer(cartId, cartMessages.updated);
    },
  );

  registerEndpoint(
    app,
    cartApi.validate,
    {
      schemas: { data: CartValidationSchema },
      tags,
      summary:
        "Checks the checkout steps in the spec's order (cart, address, payment). Ready: `{ valid: true }`. The first step that is not ready answers 422 with the spec's message, under the field where it is fixed (items, customer, phone, email, shipping_address, shipping_address.<column>, billing_address, shipping_method, payment_method)",
      errors: [422],
    },
    async (req) => {
      const verdict = await validateCheckout(db, await current(req, await cartOwnerOf(req)), 'payment');
      if (!verdict.valid) throw verdictError(verdict);
      return ok(verdict);
    },
  );

  registerEndpoint(
    app,
    cartApi.validateAddress,
    {
      schemas: { data: CartValidationSchema },
      tags,
      summary:
        "Checks the cart and address steps only, in the spec's order; the address step ends with the server's check: the country exists, the state is one of its states, and a shipping zone serves the shipping address. Ready: `{ valid: true }`; otherwise 422 with the message under its field, as /api/cart/validate",
      errors: [422],
    },
    async (req) => {
      const verdict = await validateCheckout(db, await current(req, await cartOwnerOf(req)), 'address');
      if (!verdict.valid) throw verdictError(verdict);
      return ok(verdict);
    },
  );
}
