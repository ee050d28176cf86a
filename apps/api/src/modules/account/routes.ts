import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_DELETION_TERMS,
  AccountDataCodeBodySchema,
  AccountDataCodeSentSchema,
  AccountDataConfirmBodySchema,
  ErrorEnvelopeSchema,
  myDataMessages,
  AccountOtpGenerateRouteBodySchema,
  AccountOtpVerifyRouteBodySchema,
  AccountSchema,
  NullDataSchema,
  OtpSentSchema,
  UpdatePasswordRouteBodySchema,
  UpdateProfileResultSchema,
  UpdateProfileRouteBodySchema,
  accountApi,
  authMessages,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/http.ts';
import { endSession, requireCustomer, requireSession, type Customer } from '../../lib/session.ts';
import { shopTimeZone } from '../../lib/time-zone.ts';
import { fileDay } from '../../lib/csv-export.ts';
import { removeCustomisationImages } from '../cart/customisation-prune.ts';
import { checkAccountDataCode, sendAccountDataCode } from './data-code.ts';
import { assertNoOrdersInProgress, deleteAccount } from './delete-account.ts';
import { exportMyData } from './my-data.ts';
import { requestAuthSettings } from '../auth/settings.ts';
import { requestPhoneCountry } from '../../lib/shop-country.ts';
import {
  getAccount,
  sendVerificationOtp,
  updatePassword,
  updateProfile,
  verifyContact,
  type AccountFlow,
} from './service.ts';

export const ACCOUNT_RATE_LIMITS = {
  updateProfile: { max: 10, timeWindow: '15 minutes' },
  updatePassword: { max: 10, timeWindow: '15 minutes' },
  otpGenerate: { max: 10, timeWindow: '15 minutes' },
  otpVerify: { max: 30, timeWindow: '15 minutes' },
  myDataCode: { max: 5, timeWindow: '15 minutes' },
  myData: { max: 5, timeWindow: '15 minutes' },
  deleteAccount: { max: 10, timeWindow: '15 minutes' },
} as const;

/** Spec section 7, Account: the logged-in customer's own data only (401 for guests). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The request's context for `customer`'s change: its phone country and store name come with its shop context. */
  const accountFlowOf = async (req: FastifyRequest, customer: Customer): Promise<AccountFlow> => ({
    db: app.db,
    outbox: app.outbox,
    customer,
    country: await requestPhoneCountry(app.db, req),
    storeName: (await requestAuthSettings(app.db, req)).storeName,
  });

  registerEndpoint(
    app,
    accountApi.get,
    {
      schemas: { data: AccountSchema },
      tags: ['account'],
      summary: 'The logged-in customer with the latest 20 sign-in attempts (newest first); 401 for guests',
    },
    async (req) => ok(await getAccount(app.db, await requireCustomer(req))),
  );

  registerEndpoint(
    app,
    accountApi.updateProfile,
    {
      schemas: { body: UpdateProfileRouteBodySchema, data: UpdateProfileResultSchema },
      tags: ['account'],
      summary:
        "first_name, last_name, email, phone (the length of the channel's country); a new email or phone also needs current_password (an account without one: otp, a code the first try sends to its verified contact). The name is saved; a new email or phone is pending (data.pending) until the code sent to it is entered in POST /api/account/otp/verify. Never says whether another account uses them",
      config: { rateLimit: ACCOUNT_RATE_LIMITS.updateProfile },
    },
    async (req) => {
      const flow = await accountFlowOf(req, await requireCustomer(req));
      const { customer: updated, pending } = await updateProfile(flow, req.body);
      const message = pending.email || pending.phone ? authMessages.changePending : authMessages.profileUpdated;
      return ok({ ...(await getAccount(app.db, updated)), pending }, message);
    },
  );

  registerEndpoint(
    app,
    accountApi.updatePassword,
    {
      schemas: { body: UpdatePasswordRouteBodySchema, data: NullDataSchema },
      tags: ['account'],
      summary:
        'current_password and password (6+, not one of the 10,000 most common: 422 on password). An account without a password (made by OTP) sends otp instead: the first try without it sends a code to its verified contact (422 on otp saying so). Ends every other session of the account and sends the customer a notice',
      config: { rateLimit: ACCOUNT_RATE_LIMITS.updatePassword },
    },
    async (req) => {
      const session = await requireSession(req);
      await updatePassword(await accountFlowOf(req, session.customer), session.id, req.body);
      return ok(null, authMessages.passwordUpdated);
    },
  );

  registerEndpoint(
    app,
    accountApi.generateOtp,
    {
      schemas: { body: AccountOtpGenerateRouteBodySchema, data: OtpSentSchema },
      tags: ['account'],
      summary:
        'Verification popup: sends a 4-digit code to input, by SMS (type phone, the default; the length of the channel\'s country) or e-mail (type email). input is the account\'s own phone or e-mail, or a new one update-profile accepted (else 422 on input). One resend an hour, then 429 "Maximum attempt reached. Please try again later". 422 on type when the store setting account_verification_for leaves that type out',
      config: { rateLimit: ACCOUNT_RATE_LIMITS.otpGenerate },
    },
    async (req) => {
      const sent = await sendVerificationOtp(await accountFlowOf(req, await requireCustomer(req)), req.body);
      return ok(sent, authMessages.otpSent);
    },
  );

  registerEndpoint(
    app,
    accountApi.verifyOtp,
    {
      schemas: { body: AccountOtpVerifyRouteBodySchema, data: AccountSchema },
      tags: ['account'],
      summary:
        'Verification popup: input, otp and type (phone by default, or email). Sets that phone or e-mail, verified now (a new one: the old one gets a notice, every other session of the account ends; 422 on input when another account has it verified); answers the account',
      config: { rateLimit: ACCOUNT_RATE_LIMITS.otpVerify },
    },
    async (req) => {
      const session = await requireSession(req);
      const verified = await verifyContact(await accountFlowOf(req, session.customer), session.id, req.body);
      return ok(
        await getAccount(app.db, verified.customer),
        verified.type === 'email' ? authMessages.emailVerified : authMessages.phoneVerified,
      );
    },
  );

  registerEndpoint(
    app,
    accountApi.myDataCode,
    {
      schemas: { body: AccountDataCodeBodySchema, data: AccountDataCodeSentSchema },
      tags: ['account'],
      summary:
        'Sends the 4-digit code that confirms "Download my data" (action download) or "Delete my account" (action delete) to the verified phone, else the verified e-mail (sent_to: masked). One resend an hour, then 429 "Maximum attempt reached. Please try again later". 422 on action when the account has no verified contact; delete: 409 while orders are in progress',
      errors: [401, 409, 422, 429],
      config: { rateLimit: ACCOUNT_RATE_LIMITS.myDataCode },
    },
    async (req) => {
      const customer = await requireCustomer(req);
      if (req.body.action === 'delete') await assertNoOrdersInProgress(app.db, customer.id);
      const sent = await sendAccountDataCode(app.db, app.outbox, customer, req.body.action);
      return ok(sent, myDataMessages.codeSent);
    },
  );

  app.route({
    method: accountApi.downloadMyData.method,
    url: accountApi.downloadMyData.path,
    config: { rateLimit: ACCOUNT_RATE_LIMITS.myData },
    schema: {
      tags: ['account'],
      summary:
        'With otp (the code of POST /api/account/my-data/code, action download): everything the shop holds about the customer as a JSON file (attachment shopfront-my-data-<date>.json): profile, addresses, orders with lines, totals, statuses and addresses, reviews, wishlist, newsletter, known devices, sessions and sign-in log. A wrong or expired code: 422 on otp',
      body: AccountDataConfirmBodySchema,
      produces: ['application/json'],
      response: {
        200: z.any().describe('the MyDataExportSchema file'),
        401: ErrorEnvelopeSchema,
        422: ErrorEnvelopeSchema,
      },
    },
    handler: async (req, reply) => {
      const customer = await requireCustomer(req);
      const { otp } = req.body as z.output<typeof AccountDataConfirmBodySchema>;
      // Committed even when wrong: the counted try must stick.
      const failed = await app.db.transaction((tx) => checkAccountDataCode(tx, customer, 'download', otp));
      if (failed) throw failed.error;
      const file = JSON.stringify(await exportMyData(app.db, customer), null, 2);
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="shopfront-my-data-${fileDay(await shopTimeZone(app.db))}.json"`,
        )
        .send(file);
    },
  });

  registerEndpoint(
    app,
    accountApi.deleteAccount,
    {
      schemas: { body: AccountDataConfirmBodySchema, data: NullDataSchema },
      tags: ['account'],
      summary: `With otp (the code of POST /api/account/my-data/code, action delete): deletes the account and signs it out everywhere (the session cookie is cleared). ${ACCOUNT_DELETION_TERMS} A wrong or expired code: 422 on otp, nothing deleted; 409 while orders are in progress`,
      errors: [401, 409, 422],
      config: { rateLimit: ACCOUNT_RATE_LIMITS.deleteAccount },
    },
    async (req, reply) => {
      const customer = await requireCustomer(req);
      const { uploads, documents } = await deleteAccount(app.db, customer, req.body.otp);
      await endSession(app.db, req, reply);
      // The account is gone whatever happens to the files: a storage failure is logged with the
      // paths to remove by hand (their rows are deleted, so no sweep finds them), never a 500.
      await app.media.documents
        .remove(documents)
        .catch((err: unknown) =>
          req.log.error({ err, documents }, 'account deletion: application documents not removed; remove these files'),
        );
      await removeCustomisationImages(app.db, app.media.storage, uploads).catch((err: unknown) =>
        req.log.warn({ err }, 'account deletion: customisation pictures not removed (the hourly prune will)'),
      );
      return ok(null, myDataMessages.accountDeleted);
    },
  );
};
