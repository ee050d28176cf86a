import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AdminCouponBodySchema,
  AdminCouponDeletedSchema,
  AdminCouponListSchema,
  AdminCouponParamsSchema,
  AdminCouponSchema,
  AdminCouponScopeChoicesSchema,
  AdminCouponScopeQuerySchema,
  AdminCouponsQuerySchema,
  AdminCouponUsesQuerySchema,
  AdminCouponUsesSchema,
  adminCouponMessages as msg,
  adminCouponsApi,
  type AdminCoupon,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { notFound, ok } from '../../../lib/http.ts';
import { requireStaff } from '../auth.ts';
import { setVersionTag, ownerAct, ownerRouteDoc } from '../if-match.ts';
import { collecting, undoOffer } from '../undo/offer.ts';
import {
  couponUses,
  createCoupon,
  deleteCoupon,
  listCoupons,
  loadCoupon,
  scopeChoices,
  setCouponActive,
  updateCoupon,
  type CouponAct,
} from './service.ts';

const IF_MATCH_NOTE =
  ' Send `If-Match: <version>` (the coupon’s `version`, also its ETag) to be refused with 409 when it changed since.';

/**
 * The owner's coupons (issue 26): every rule the cart enforces, the uses so far and the orders
 * that used one. Registered inside the owner API's protected scope; area `catalog`.
 */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const doc = ownerRouteDoc('catalog');
  const act = async (req: FastifyRequest): Promise<CouponAct & { staff: ReturnType<typeof collecting> }> => {
    const a = await ownerAct(req, msg.ifMatch);
    return { ...a, staff: collecting(a.staff) };
  };
  const answer = (reply: FastifyReply, c: AdminCoupon, message?: string, a?: CouponAct) => {
    setVersionTag(reply, c.version);
    return ok(c, message, a ? undoOffer(a.staff) : undefined);
  };
  const Coupon = { data: AdminCouponSchema };

  registerEndpoint(
    app,
    adminCouponsApi.list,
    {
      schemas: { query: AdminCouponsQuerySchema, data: AdminCouponListSchema },
      ...doc(
        'The coupons, newest first: q (part of the code), status (active, scheduled, expired, used_up, disabled); keyset pages (cursor = next_cursor). Each row: its rules, status, uses so far and how many products and categories it is limited to',
      ),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await listCoupons(db, req.query));
    },
  );

  registerEndpoint(
    app,
    adminCouponsApi.create,
    {
      schemas: { body: AdminCouponBodySchema, ...Coupon },
      ...doc(
        'Create a coupon: code (3–40 letters, digits, - or _, stored upper-case, unique whatever the case), kind percent (value 1–100) or fixed (value in minor units), min_subtotal_minor, max_discount_minor (percent only), starts_at/ends_at (ends after starts), usage_limit, per_customer_limit, first_order_only, secret (not listed to shoppers), product_ids and category_slugs (only those items are discounted). It works in carts at once. 422 with a message per field',
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      return answer(reply, await createCoupon(db, a, req.body), msg.created);
    },
  );

  registerEndpoint(
    app,
    adminCouponsApi.scopeChoices,
    {
      schemas: { query: AdminCouponScopeQuerySchema, data: AdminCouponScopeChoicesSchema },
      ...doc('What a coupon can be limited to: every category, and up to 20 products whose title matches q'),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await scopeChoices(db, req.query.q));
    },
  );

  registerEndpoint(
    app,
    adminCouponsApi.get,
    {
      schemas: { params: AdminCouponParamsSchema, ...Coupon },
      ...doc('One coupon: its rules, scope, status, uses so far and version (ETag, for If-Match)', [404, 422]),
    },
    async (req, reply) => {
      await requireStaff(req);
      const c = await loadCoupon(db, req.params.id);
      if (!c) throw notFound(msg.couponNotFound);
      return answer(reply, c);
    },
  );

  registerEndpoint(
    app,
    adminCouponsApi.update,
    {
      schemas: { params: AdminCouponParamsSchema, body: AdminCouponBodySchema, ...Coupon },
      ...doc(
        'Replace a coupon’s rules (the whole coupon, as on create). A total-use limit below the uses so far is refused (422 on usage_limit, saying how many). Carts follow at once; a checkout whose total came from the old rules is refused by the confirmed-total check. Undo offered.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req, reply) => {
      const a = await act(req);
      return answer(reply, await updateCoupon(db, a, req.params.id, req.body), msg.saved, a);
    },
  );

  for (const [ep, active] of [
    [adminCouponsApi.disable, false],
    [adminCouponsApi.enable, true],
  ] as const) {
    registerEndpoint(
      app,
      ep,
      {
        schemas: { params: AdminCouponParamsSchema, ...Coupon },
        ...doc(
          (active
            ? 'Enable a disabled coupon: shoppers can use it again (within its dates and limits)'
            : 'Disable a coupon: applying it says "This coupon code is not valid", a cart holding it stops discounting. 409 when already so. Undo offered.') +
            IF_MATCH_NOTE,
          [404, 409, 422],
        ),
      },
      async (req, reply) => {
        const a = await act(req);
        const c = await setCouponActive(db, a, req.params.id, active);
        return answer(reply, c, active ? msg.enabled : msg.disabled, a);
      },
    );
  }

  registerEndpoint(
    app,
    adminCouponsApi.remove,
    {
      schemas: { params: AdminCouponParamsSchema, data: AdminCouponDeletedSchema },
      ...doc(
        'Delete a coupon that no order used. A used one is 409 (it stays for its orders): disable it instead.' +
          IF_MATCH_NOTE,
        [404, 409, 422],
      ),
    },
    async (req) => ok(await deleteCoupon(db, await act(req), req.params.id), msg.deleted),
  );

  registerEndpoint(
    app,
    adminCouponsApi.uses,
    {
      schemas: { params: AdminCouponParamsSchema, query: AdminCouponUsesQuerySchema, data: AdminCouponUsesSchema },
      ...doc(
        'The orders that used the coupon, newest first (keyset: cursor = next_cursor): order number, customer, discount, date',
        [404, 422],
      ),
    },
    async (req) => {
      await requireStaff(req);
      const uses = await couponUses(db, req.params.id, req.query);
      if (!uses) throw notFound(msg.couponNotFound);
      return ok(uses);
    },
  );
};
