import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResultSchema,
  NullDataSchema,
  OtpRequestBodySchema,
  OtpSentSchema,
  OtpVerifyBodySchema,
  RegisterRouteBodySchema,
  ResetCompleteBodySchema,
  ResetLinkValidSchema,
  ValidateResetQuerySchema,
  authApi,
  authMessages,
  messages,
} from '@shopfront/shared';
import { attachCartOnLogin, forgetCartOnLogout } from '../cart/merge.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, ok } from '../../lib/http.ts';
import { messageLinkOrigin } from '../../lib/origin.ts';
import { endSession, startSession, toUser, type Customer } from '../../lib/session.ts';
import type { RequestMeta } from './access-log.ts';
import { deviceOf, rememberDevice } from './known-device.ts';
import { requestAuthSettings } from './settings.ts';
import { nationalPhone, requestPhoneCountry } from '../../lib/shop-country.ts';
import {
  completePasswordReset,
  isResetLinkValid,
  loginWithPassword,
  registerWithPassword,
  requestPasswordReset,
  type AuthFlow,
  requestSignInOtp,
  verifySignInOtp,
} from './service.ts';

/** Per-address request limits, on top of the sign-in throttles (throttle.ts, ADR 14). */
export const AUTH_RATE_LIMITS = {
  login: { max: 30, timeWindow: '1 minute' },
  register: { max: 10, timeWindow: '1 hour' },
  otpRequest: { max: 10, timeWindow: '15 minutes' },
  otpVerify: { max: 30, timeWindow: '15 minutes' },
  reset: { max: 5, timeWindow: '15 minutes' },
  resetComplete: { max: 10, timeWindow: '15 minutes' },
} as const;

export const requestMeta = (req: FastifyRequest): RequestMeta => ({
  ip: req.ip ?? '',
  userAgent: req.headers['user-agent'] ?? '',
  device: deviceOf(req),
});

/** The sign-in flows' context of a request: its settings and phone country come with its shop context. */
const authFlowOf = async (app: FastifyInstance, req: FastifyRequest): Promise<AuthFlow> => ({
  db: app.db,
  outbox: app.outbox,
  settings: await requestAuthSettings(app.db, req),
  country: await requestPhoneCountry(app.db, req),
  meta: requestMeta(req),
});

/** Every forgot-password answer takes at least this long (see the route). */
const RESET_ANSWER_FLOOR_MS = 300;

/** Spec section 7, Auth: login, register, OTP, password reset and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = async (
    req: FastifyRequest,
    reply: Parameters<typeof startSession>[3],
    customer: Customer,
    remember: boolean,
  ) => {
    await startSession(app.db, app.env, req, reply, customer.id, remember);
    await rememberDevice(app.db, app.env, req, reply, { customerId: customer.id });
    // The login has happened: a cart that cannot be merged now must not turn it into an error.
    const cart = await attachCartOnLogin(app, req, reply, customer.id).catch((err: unknown) => {
      req.log.warn({ err }, 'cart: could not attach the guest cart at login');
      return { cartId: null, merged: false };
    });
    return {
      user: toUser(customer, await nationalPhone(app.db, customer.phone)),
      cart_session_id: cart.cartId,
      cart_merged: cart.merged,
    };
  };

  registerEndpoint(
    app,
    authApi.login,
    {
      schemas: { body: LoginBodySchema, data: LoginResultSchema },
      tags: ['auth'],
      summary:
        'Log in with e-mail and password. Sets the session cookie (remember_me: 30 days sliding, at most 90 days after login; else browser session, 12 hours) and the device cookie. 422 on email for wrong credentials; 429 with Retry-After when throttled: 5 failures per account in 15 minutes (not for a device the account signed in from), growing waits after 3 failures per account and client, 20 failures per address in 15 minutes',
      config: { rateLimit: AUTH_RATE_LIMITS.login },
    },
    async (req, reply) => {
      const customer = await loginWithPassword(await authFlowOf(app, req), req.body);
      return ok(await signedIn(req, reply, customer, req.body.remember_me), authMessages.loggedIn);
    },
  );

  registerEndpoint(
    app,
    authApi.register,
    {
      schemas: { body: RegisterRouteBodySchema, data: LoginResultSchema },
      tags: ['auth'],
      summary:
        "Register with first_name, last_name, phone (digits, the mobile_number_length of the channel's country), email and password (6+, not one of the 10,000 most common: 422 on password). Logs in. 403 when registration or e-mail login is off",
      config: { rateLimit: AUTH_RATE_LIMITS.register },
    },
    async (req, reply) => {
      const customer = await registerWithPassword(await authFlowOf(app, req), req.body);
      return ok(await signedIn(req, reply, customer, true), authMessages.registered);
    },
  );

  registerEndpoint(
    app,
    authApi.requestOtp,
    {
      schemas: { body: OtpRequestBodySchema, data: OtpSentSchema },
      tags: ['auth'],
      summary:
        'Send a 4-digit OTP by SMS for login or register (valid 10 minutes) to input, a phone of exactly the channel country\'s mobile_number_length (10 in the default Indian channel; else 422 "Invalid phone number"). Resends per hour: login 3, register 1; then 429 "Maximum attempt reached. Please try again later". Texts to numbers that are no customer\'s verified phone are capped per country per hour (429 with Retry-After)',
      config: { rateLimit: AUTH_RATE_LIMITS.otpRequest },
    },
    async (req) => {
      const sent = await requestSignInOtp(await authFlowOf(app, req), req.body);
      return ok(sent, authMessages.otpSent);
    },
  );

  registerEndpoint(
    app,
    authApi.verifyOtp,
    {
      schemas: { body: OtpVerifyBodySchema, data: LoginResultSchema },
      tags: ['auth'],
      summary:
        'Log in (or register) with the OTP, only into an account whose phone is verified (else 422 on input). A new number gets an account when registration is on; register takes a number back from an account where it sits unverified. 422 on otp when wrong or expired; the code dies after 5 wrong tries; 429 with Retry-After after 10 wrong codes per phone in 6 hours (not for a device the account signed in from) or 20 failures per address in 15 minutes',
      config: { rateLimit: AUTH_RATE_LIMITS.otpVerify },
    },
    async (req, reply) => {
      const customer = await verifySignInOtp(await authFlowOf(app, req), req.body);
      const message = req.body.type === 'register' ? authMessages.registered : authMessages.loggedIn;
      return ok(await signedIn(req, reply, customer, req.body.remember_me), message);
    },
  );

  registerEndpoint(
    app,
    authApi.reset,
    {
      schemas: { body: ForgotPasswordBodySchema, data: NullDataSchema },
      tags: ['auth'],
      summary:
        'Forgot password: e-mails a one-time link (1 hour) to /account/reset-password/{email}/{token}. Same answer whether or not the account exists',
      config: { rateLimit: AUTH_RATE_LIMITS.reset },
    },
    async (req) => {
      const flow = await authFlowOf(app, req);
      // Known and unknown e-mails answer alike, in content and in time: a known one does more
      // work (a link, an e-mail), so every answer waits until the same floor has passed.
      const started = performance.now();
      const origin = await messageLinkOrigin(app, req);
      if (!origin) {
        req.log.error('password reset: no origin for the link; set PUBLIC_URL or the store_url setting');
        throw new HttpError(503, messages.unexpected);
      }
      await requestPasswordReset(flow, req.body.email, origin);
      const left = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
      if (left > 0) await delay(left);
      return ok(null, app.outbox.emailReachesReader ? authMessages.resetSent : authMessages.resetHeld);
    },
  );

  registerEndpoint(
    app,
    authApi.validateReset,
    {
      schemas: { query: ValidateResetQuerySchema, data: ResetLinkValidSchema },
      tags: ['auth'],
      summary: 'Checks a reset link (query email and token): success while it is unused and unexpired, else 422',
    },
    async (req) => {
      if (!(await isResetLinkValid(app.db, req.query.email, req.query.token))) {
        throw new HttpError(422, authMessages.resetInvalid, { token: [authMessages.resetInvalid] });
      }
      return ok({ valid: true as const }, authMessages.resetValid);
    },
  );

  registerEndpoint(
    app,
    authApi.resetComplete,
    {
      schemas: { body: ResetCompleteBodySchema, data: NullDataSchema },
      tags: ['auth'],
      summary:
        'Sets the new password from a reset link (email, token, password; 422 on password for a common one). The link is used up, the account\'s other sessions end, a phone not proven alongside the e-mail is removed, and a notice is e-mailed. Does not log in: "Your password has been changed. Please log in"',
      config: { rateLimit: AUTH_RATE_LIMITS.resetComplete },
    },
    async (req, reply) => {
      const session = await req.getSession();
      const customerId = await completePasswordReset(
        await authFlowOf(app, req),
        req.body,
        session ? { id: session.id, customerId: session.customer.id } : null,
      );
      // The link proved the mailbox: this browser is the owner's from now on, so a stranger who
      // locks the account again cannot keep the owner out of it (ADR 14).
      await rememberDevice(app.db, app.env, req, reply, { customerId });
      return ok(null, authMessages.resetDone);
    },
  );

  registerEndpoint(
    app,
    authApi.logout,
    {
      schemas: { data: NullDataSchema },
      tags: ['auth'],
      summary: 'Ends the session and clears its cookie (success also without one)',
    },
    async (req, reply) => {
      await endSession(app.db, req, reply);
      forgetCartOnLogout(req, reply);
      return ok(null, authMessages.loggedOut);
    },
  );
};
