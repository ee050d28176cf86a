import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AccountSubscriptionBodySchema,
  EMAIL_SUBSCRIPTION,
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionSchema,
  SubscriptionTokenBodySchema,
  SubscriptionTokenParamsSchema,
  emailSubscriptionApi,
  emailSubscriptionMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { messageLinkOrigin } from '../../lib/origin.ts';
import { requireCustomer } from '../../lib/session.ts';
import {
  confirmSubscription,
  subscribe,
  subscribeAccount,
  subscriptionOf,
  unsubscribeByToken,
  unsubscribeEmail,
  unsubscribeInfo,
} from './email-subscription-service.ts';
import { requirePlugin } from '../../lib/installed-plugin.ts';

/**
 * The emailSubscription plugin's routes (spec section 7: POST /api/plugins/emailSubscription/subscribe
 * and the links of its e-mails); the rules (double opt-in, tokens, the re-send pause) are in
 * email-subscription-service.ts.
 */

/** Signups per client address. */
export const SUBSCRIBE_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;
/** Link follows (confirm, unsubscribe) per client address. */
export const LINK_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

const originOf = (app: FastifyInstance, req: FastifyRequest) => messageLinkOrigin(app, req);

/** The emailSubscription routes: subscribe, confirm, unsubscribe, and the signed-in customer's own. */
export async function emailSubscriptionRoutes(app: FastifyInstance) {
  const db = app.db;
  const plugin = () => requirePlugin(db, 'emailSubscription');

  registerEndpoint(
    app,
    emailSubscriptionApi.subscribe,
    {
      schemas: { body: SubscribeBodySchema, data: SubscribeResultSchema },
      tags: ['plugins'],
      summary: `emailSubscription: signs an address up with double opt-in. It is stored as pending and a confirmation link (/newsletter/confirm/{token}, ${EMAIL_SUBSCRIPTION.confirmDays} days) is e-mailed; every e-mail has an unsubscribe link. The answer is the same whether the address is new, pending or confirmed: a pending one gets the confirmation again at most once per ${EMAIL_SUBSCRIPTION.resendMinutes} minutes, a confirmed one nothing. 404 when the plugin is not installed; ${SUBSCRIBE_RATE_LIMIT.max} per ${SUBSCRIBE_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      const { email, source } = req.body;
      await subscribe(app, email, { source, ip: req.ip ?? null, origin: await originOf(app, req) });
      return ok(
        { email },
        app.outbox.emailReachesReader ? emailSubscriptionMessages.checkInbox : emailSubscriptionMessages.linkHeld,
      );
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.confirm,
    {
      schemas: { body: SubscriptionTokenBodySchema, data: SubscriptionSchema },
      tags: ['plugins'],
      summary: `emailSubscription: confirms the subscription of a confirmation link's token, within ${EMAIL_SUBSCRIPTION.confirmDays} days of the e-mail; the link opened again while valid answers '${emailSubscriptionMessages.alreadyConfirmed}' (success). 404 for an unknown, replaced or expired token or when the plugin is not installed; ${LINK_RATE_LIMIT.max} per ${LINK_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: LINK_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      const { subscription, alreadyConfirmed } = await confirmSubscription(db, req.body.token);
      return ok(
        subscription,
        alreadyConfirmed ? emailSubscriptionMessages.alreadyConfirmed : emailSubscriptionMessages.confirmed,
      );
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.unsubscribeInfo,
    {
      schemas: { params: SubscriptionTokenParamsSchema, data: SubscriptionSchema },
      tags: ['plugins'],
      summary: `emailSubscription: the address (masked) and status an unsubscribe link is about. 404 for a token whose signature is wrong or when the plugin is not installed; ${LINK_RATE_LIMIT.max} per ${LINK_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: LINK_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      return ok(await unsubscribeInfo(db, req.params.token));
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.unsubscribe,
    {
      schemas: { body: SubscriptionTokenBodySchema, data: SubscriptionSchema },
      tags: ['plugins'],
      summary: `emailSubscription: unsubscribes the address of an unsubscribe link's signed token (no login; again: no change). 404 for a wrong signature or when the plugin is not installed; ${LINK_RATE_LIMIT.max} per ${LINK_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: LINK_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      return ok(await unsubscribeByToken(db, req.body.token), emailSubscriptionMessages.unsubscribed);
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.me,
    {
      schemas: { data: SubscriptionSchema },
      tags: ['plugins', 'account'],
      summary:
        "emailSubscription: the signed-in customer's newsletter status for their account e-mail (none, pending, confirmed, unsubscribed). 401 when not logged in; 404 when the plugin is not installed",
      errors: [401, 404],
    },
    async (req) => {
      await plugin();
      const customer = await requireCustomer(req);
      return ok(await subscriptionOf(db, customer.email));
    },
  );

  registerEndpoint(
    app,
    emailSubscriptionApi.updateMe,
    {
      schemas: { body: AccountSubscriptionBodySchema, data: SubscriptionSchema },
      tags: ['plugins', 'account'],
      summary: `emailSubscription: the signed-in customer subscribes their account e-mail (double opt-in: a confirmation link is e-mailed) or unsubscribes it at once. Subscribing again while pending re-sends the link, at most once per ${EMAIL_SUBSCRIPTION.resendMinutes} minutes: sooner is a 429 saying how many minutes are left. 401 when not logged in; 422 when the account has no e-mail; 404 when the plugin is not installed; ${SUBSCRIBE_RATE_LIMIT.max} per ${SUBSCRIBE_RATE_LIMIT.timeWindow} per address`,
      errors: [401, 404, 422, 429],
      config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
    },
    async (req) => {
      await plugin();
      const customer = await requireCustomer(req);
      if (!customer.email) throw new HttpError(422, emailSubscriptionMessages.noEmail);
      if (req.body.subscribed) {
        const outcome = await subscribeAccount(app, customer.email, {
          ip: req.ip ?? null,
          origin: await originOf(app, req),
        });
        if (outcome.kind === 'wait') {
          throw new HttpError(
            429,
            app.outbox.emailReachesReader
              ? emailSubscriptionMessages.resendTooSoon(outcome.minutes)
              : emailSubscriptionMessages.linkHeld,
          );
        }
        const subscription = await subscriptionOf(db, customer.email);
        if (outcome.kind === 'confirmed') return ok(subscription);
        if (!app.outbox.emailReachesReader) return ok(subscription, emailSubscriptionMessages.linkHeld);
        return ok(
          subscription,
          outcome.resent ? emailSubscriptionMessages.resent : emailSubscriptionMessages.accountSubscribed,
        );
      }
      await unsubscribeEmail(db, customer.email);
      return ok(await subscriptionOf(db, customer.email), emailSubscriptionMessages.accountUnsubscribed);
    },
  );
}
