import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  InitialValuesQuerySchema,
  InitialValuesSchema,
  STORE_SETTING_KEYS,
  StorefrontAllSchema,
  SubscribeToModeBodySchema,
  SubscribeToModeResultSchema,
  VerifyPasswordBodySchema,
  VerifyPasswordResultSchema,
  storeStateMessages,
  storefrontApi,
  type StoreAccess,
  type StoreSettingKey,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, fieldError, notFound, ok } from '../../lib/http.ts';
import { shopOriginWith } from '../../lib/origin.ts';
import { verifyPassword } from '../../lib/password.ts';
import { toUser } from '../../lib/session.ts';
import { nationalPhone } from '../../lib/shop-country.ts';
import { claimAttempt, refundAttempt } from '../../lib/throttle.ts';
import { grantStoreAccess, readStoreLock, visitorAccess } from '../store-state/access.ts';
import {
  STORE_PASSWORD_LIMIT,
  stateAfterPassword,
  storePasswordThrottle,
  subscribeToMode,
} from '../store-state/service.ts';
import { getInitialValues, getStorefront, listInstalledPlugins } from './service.ts';

const NOT_CONFIGURED = 'The storefront is not configured';

/** The request's channel (ADR 0027); undefined without a storefront (then the answer is the 503 below). */
const channelOf = (req: FastifyRequest) =>
  req.shop().then(
    (shop) => shop.channelId,
    () => undefined,
  );

/** Subscriptions to the opening e-mail per visitor address and minute. */
export const SUBSCRIBE_TO_MODE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    storefrontApi.all,
    {
      schemas: { data: StorefrontAllSchema },
      tags: ['storefront'],
      summary: 'Storefront settings and installed plugins',
    },
    async (req) => {
      const [storefront, plugins] = await Promise.all([
        channelOf(req).then((channelId) => getStorefront(app.db, channelId)),
        listInstalledPlugins(app.db),
      ]);
      if (!storefront) throw new HttpError(503, NOT_CONFIGURED);
      return ok({ storefront, plugins });
    },
  );

  registerEndpoint(
    app,
    storefrontApi.initialValues,
    {
      schemas: { query: InitialValuesQuerySchema, data: InitialValuesSchema },
      tags: ['storefront'],
      summary: 'License status, host, settings, storefront, plugins, account and the visitor’s store state in one call',
    },
    async (req, reply) => {
      let keys: StoreSettingKey[] | undefined;
      if (req.query.keys) {
        const asked = req.query.keys.split(',').map((k) => k.trim());
        const unknown = asked.filter((k) => !(STORE_SETTING_KEYS as string[]).includes(k));
        if (unknown.length)
          throw new HttpError(422, 'The given data was invalid.', { keys: ['The selected key is invalid'] });
        keys = asked as StoreSettingKey[];
      }
      // The session lookup and the shop's settings do not depend on each other.
      const [customer, values, visitor] = await Promise.all([
        req.getCustomer(),
        channelOf(req).then((ch) => getInitialValues(app.db, (u) => shopOriginWith(app.env, req, u), keys, ch)),
        visitorAccess(req, { withStaff: true }),
      ]);
      if (!values) throw new HttpError(503, NOT_CONFIGURED);
      // Only who the staff member is: the Admin Panel link's token is minted when they click it.
      const staff = visitor.staff;
      const access: StoreAccess = {
        state: visitor.state,
        staff: staff ? { name: staff.name } : null,
        shopper_state: visitor.shopperState,
      };
      if (visitor.state !== 'open') reply.header('x-robots-tag', 'noindex');
      // Personal (the account, the staff link): never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      const account = customer ? toUser(customer, await nationalPhone(app.db, customer.phone)) : null;
      return ok({ ...values, account, access });
    },
  );

  registerEndpoint(
    app,
    storefrontApi.verifyPassword,
    {
      schemas: { body: VerifyPasswordBodySchema, data: VerifyPasswordResultSchema },
      tags: ['storefront'],
      summary: 'Give the store password: the visitor gets a signed cookie (30 days) that opens the shop to them',
      description: `404 while password protection is off. A wrong password answers 422. ${STORE_PASSWORD_LIMIT.limit} attempts per address in 15 minutes, then 429 with Retry-After. A new store password locks out every visitor who had given the old one.`,
      errors: [404, 422, 429],
    },
    async (req, reply) => {
      // Read now, not from the per-process memo of the shop context (ADR 28): a password just
      // changed on another process must not still be accepted, nor sign a cookie with its key.
      const lock = await readStoreLock(app.db);
      if (!lock?.passwordProtected) throw notFound();
      const throttle = storePasswordThrottle(req.ip);
      await claimAttempt(app.db, [throttle], storeStateMessages.tooManyPasswordAttempts);
      if (!(await verifyPassword(lock.passwordHash, req.body.password))) {
        throw fieldError('password', storeStateMessages.wrongPassword);
      }
      // Only wrong guesses count against the address.
      await refundAttempt(app.db, throttle);
      await grantStoreAccess(app.db, lock, req, reply);
      return ok({ state: stateAfterPassword(lock) }, storeStateMessages.passwordAccepted);
    },
  );

  registerEndpoint(
    app,
    storefrontApi.subscribeToMode,
    {
      schemas: { body: SubscribeToModeBodySchema, data: SubscribeToModeResultSchema },
      tags: ['storefront'],
      summary: 'Leave an e-mail on the Coming Soon or Under Maintenance page, to be told once when the shop opens',
      description:
        '404 unless the shop is in Coming Soon or Under Maintenance mode; 403 for a visitor who has not given the store password. Subscribing twice is a success and adds nothing. 5 a minute per address.',
      errors: [403, 404, 422, 429],
      config: { rateLimit: SUBSCRIBE_TO_MODE_LIMIT },
    },
    async (req) => {
      const visitor = await visitorAccess(req);
      const mode = visitor.lock?.mode;
      if (!mode) throw notFound();
      if (visitor.state === 'password') throw new HttpError(403, storeStateMessages.closedPassword);
      await subscribeToMode(app.db, { email: req.body.email, mode, ip: req.ip ?? null });
      return ok({ email: req.body.email }, storeStateMessages.subscribed);
    },
  );
};
