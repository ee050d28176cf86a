import multipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  APPLICATION_APPLICANT_DOCUMENTS_MAX,
  ApplicationDocumentParamsSchema,
  ApplicationMessageBodySchema,
  ApplicationPaymentSchema,
  ApplicationRefParamsSchema,
  ApplicationSchema,
  CancelApplicationBodySchema,
  CouponOffersSchema,
  ErrorEnvelopeSchema,
  FeeCouponBodySchema,
  FeeCouponPreviewSchema,
  MyApplicationsSchema,
  PayApplicationBodySchema,
  TrackApplicationBodySchema,
  applicationTexts,
  applicationsApi,
  authMessages,
} from '@shopfront/shared';
import { namedQuery } from '../../db/named-query.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { HttpError, notFound, ok } from '../../lib/http.ts';
import { messageLinkOrigin } from '../../lib/origin.ts';
import { CHECKOUT_RATE_LIMITS } from '../checkout/limits.ts';
import { COUPON_RATE_LIMITS, couponGuessCounter } from '../coupons/limits.ts';
import { ORDER_REF_COOKIE, setOrderRefCookie } from '../orders/access.ts';
import { TRACKING_RATE_LIMITS } from '../tracking/routes.ts';
import { contactMatches } from '../tracking/service.ts';
import { normaliseApplicationNo, reachApplication, type ApplicationRef } from './access.ts';
import { cancelByApplicant } from './applicant-cancel.ts';
import { checkDocument } from './answers.ts';
import { createApplication } from './create.ts';
import { myApplications } from './lists.ts';
import { feeOffers, previewFeeCoupon } from './fee-preview.ts';
import { payApplicationFee } from './pay.ts';
import { APPLICATION_UPLOAD, downloadName, readMultipart, refuseLargeBody, type DocumentStorage } from './files.ts';
import { addDocument, findDocument, postMessage, requestIdOf } from './thread.ts';
import { applicationToken } from './token.ts';
import { applicantView, type PayableMethod } from './view.ts';

const tags = ['applications'];
const ACCESS_NOTE =
  ':ref is the application id or number (for the signed-in customer it belongs to) or the token of its tracking link; anyone else is 404';
/** Applications and documents one address may send. */
export const APPLICATION_UPLOAD_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;
/** Cancels and requests to cancel one address may send (ask, decline, ask again is not a loop to run). */
export const APPLICATION_CANCEL_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
/** An applicant's messages: a conversation's pace, not a flood of the business's inbox. */
export const APPLICATION_MESSAGE_RATE_LIMIT = { max: 20, timeWindow: '10 minutes' } as const;

const gone = () => notFound(applicationTexts.notFound);

/** An application by its number, with the contact it was made with and the shop's mobile codes (digits). */
const byNumber = namedQuery<{ id: string; email: string | null; phone: string | null; codes: string[] | null }>()({
  name: 'applications.find-by-number',
  columns: ['id', 'email', 'phone', 'codes'],
  example: { applicationNo: 'AP-100001' },
  build: ({ applicationNo }: { applicationNo: string }) =>
    sql`select id, email, phone,
          (select array_agg(distinct regexp_replace(mobile_code, '[^0-9]', '', 'g')) from countries) as codes
          from applications where application_no = ${applicationNo}`,
});

const ownerOf = namedQuery<{ customer_id: number | null }>()({
  name: 'applications.owner',
  columns: ['customer_id'],
  example: { id: 'apl_example' },
  build: ({ id }: { id: string }) => sql`select customer_id from applications where id = ${id}`,
});

/** The fee's payment methods this process can take: offline ones, and online ones whose provider is configured. */
const payableHere =
  (app: FastifyInstance): PayableMethod =>
  (m) =>
    m.kind === 'offline' || app.payments.get(m.code) !== undefined;

/**
 * Sends a private document after the caller's access check: never cached, never shown inline, saved
 * under a name whose extension is its stored type's (downloadName).
 */
export async function sendDocument(
  reply: FastifyReply,
  documents: DocumentStorage,
  doc: { path: string; mime: string; original_name: string },
) {
  const opened = await documents.open(doc.path).catch((err: unknown) => {
    // Its row outlived its file (removed by hand, a restore without documents): nothing to send.
    if ((err as { code?: string }).code === 'ENOENT') throw notFound(applicationTexts.documentMissing);
    throw err;
  });
  const { stream, size } = opened;
  return reply
    .header('content-type', doc.mime)
    .header('content-length', size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-disposition',
      `attachment; filename="${downloadName(doc.original_name, doc.mime).replace(/[^\x20-\x7e]/g, '_')}"`,
    )
    .send(stream);
}

/**
 * Makes `app` (a scope of its own) read multipart bodies of an application's size and nothing
 * else: any other body is 415 before it is read. The applicant's and the staff's uploads use it.
 */
export async function applicationUploadScope(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addHook('onRoute', (route) => {
    route.bodyLimit = APPLICATION_UPLOAD.maxBodyBytes;
  });
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addContentTypeParser('*', (_req, _payload, done) => {
    done(new HttpError(415, applicationTexts.notMultipart), undefined);
  });
  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode >= 400 && req.raw.complete === false) reply.header('connection', 'close');
  });
}

/** The multipart routes: their own scope, where multipart is the only body read. */
async function uploadRoutes(app: FastifyInstance) {
  await applicationUploadScope(app);
  const limits = `multipart/form-data; files of PDF, JPEG, PNG or WebP (told from their bytes), each at most ${APPLICATION_UPLOAD.maxFileBytes / 1_048_576} MB (a field may allow less), at most ${APPLICATION_UPLOAD.maxFiles} files; ${APPLICATION_UPLOAD_RATE_LIMIT.max} per ${APPLICATION_UPLOAD_RATE_LIMIT.timeWindow} per address`;

  registerEndpoint(
    app,
    applicationsApi.create,
    {
      schemas: { data: ApplicationSchema },
      tags,
      summary: `Apply for a service: ${limits}. Fields: service (slug or id), name, email and/or phone (a signed-in customer's account fills them), then one part per form field named by its key. Answers are checked against the service's own form (422 with the field's message under its key). A service on quote starts in quote_requested, any other in awaiting_payment. The answer's tracking_path is the application's secret link. 409 when the shop is not in services mode (applications made before a switch to products are still tracked, paid and cancelled)`,
      errors: [400, 409, 413, 415, 422, 429],
      config: { rateLimit: APPLICATION_UPLOAD_RATE_LIMIT },
      onRequest: async (req) => refuseLargeBody(req),
    },
    async (req) => {
      const body = await readMultipart(req);
      const customer = await req.getCustomer();
      const { id, token } = await createApplication(app, body, customer, await messageLinkOrigin(app, req));
      const view = await applicantView(app.db, id, customer ? id : token, payableHere(app));
      const quote = view!.stage === 'quote_requested';
      return ok(view!, quote ? applicationTexts.quoteRequested : applicationTexts.created);
    },
  );

  registerEndpoint(
    app,
    applicationsApi.upload,
    {
      schemas: { params: ApplicationRefParamsSchema, data: ApplicationSchema },
      tags,
      summary: `Upload a document to an application: ${limits}; one file in the field "file", and request_id when it answers a document request (409 when that request is answered already, once the application has ended: cancelled, rejected or completed, or when the applicant has sent ${APPLICATION_APPLICANT_DOCUMENTS_MAX} documents to it already, those sent with the application included; staff's are not counted). ${ACCESS_NOTE}`,
      errors: [400, 404, 409, 413, 415, 422, 429],
      config: { rateLimit: APPLICATION_UPLOAD_RATE_LIMIT },
      onRequest: async (req) => refuseLargeBody(req),
    },
    async (req) => {
      const customer = await req.getCustomer();
      const found = await reachApplication(app.db, customer?.id ?? null, req.params.ref);
      if (!found) throw gone();
      const body = await readMultipart(req);
      const file = checkDocument('file', body.files.file);
      await addDocument(app, { id: found.id, file, requestId: requestIdOf(body.fields.request_id) });
      return ok(
        (await applicantView(app.db, found.id, found.ref, payableHere(app)))!,
        applicationTexts.documentUploaded,
      );
    },
  );
}

/** The applicant's side of services mode (issue 27). */
export async function applicationRoutes(app: FastifyInstance) {
  const db = app.db;
  const payable = payableHere(app);
  const countCouponGuess = couponGuessCounter(app);
  const reach = async (
    req: { getCustomer: () => Promise<{ id: number } | null> },
    ref: string,
  ): Promise<ApplicationRef> => {
    const customer = await req.getCustomer();
    const found = await reachApplication(db, customer?.id ?? null, ref);
    if (!found) throw gone();
    return found;
  };

  await app.register(uploadRoutes);

  registerEndpoint(
    app,
    applicationsApi.mine,
    {
      schemas: { data: MyApplicationsSchema },
      tags,
      summary: "The signed-in customer's applications, newest first. 401 for a guest",
      errors: [401],
    },
    async (req) => {
      const customer = await req.getCustomer();
      if (!customer) throw new HttpError(401, authMessages.loginRequired);
      return ok({ applications: await myApplications(db, customer.id) });
    },
  );

  registerEndpoint(
    app,
    applicationsApi.get,
    {
      schemas: { params: ApplicationRefParamsSchema, data: ApplicationSchema },
      tags,
      summary: `One application: its stages with their dates, answers, thread, document requests and documents. ${ACCESS_NOTE}`,
      errors: [404, 422, 429],
      config: { rateLimit: TRACKING_RATE_LIMITS.get },
    },
    async (req) => {
      const found = await reach(req, req.params.ref);
      return ok((await applicantView(db, found.id, found.ref, payable))!);
    },
  );

  registerEndpoint(
    app,
    applicationsApi.find,
    {
      schemas: { body: TrackApplicationBodySchema, data: ApplicationSchema },
      tags,
      summary:
        'Find an application by its number and the phone or e-mail it was made with (as order tracking: every miss the same 404; 10 tries per 15 minutes per address). tracking_path is its secret link',
      errors: [404, 422, 429],
      config: { rateLimit: TRACKING_RATE_LIMITS.find },
    },
    async (req) => {
      const [row] = await byNumber(db, { applicationNo: normaliseApplicationNo(req.body.application_no) });
      if (!row || !contactMatches(req.body.contact, row, row.codes ?? [])) throw gone();
      return ok((await applicantView(db, row.id, await applicationToken(db, row.id), payable))!);
    },
  );

  registerEndpoint(
    app,
    applicationsApi.message,
    {
      schemas: { params: ApplicationRefParamsSchema, body: ApplicationMessageBodySchema, data: ApplicationSchema },
      tags,
      summary: `Write to the business on an application's thread (plain text). ${ACCESS_NOTE}. ${APPLICATION_MESSAGE_RATE_LIMIT.max} per ${APPLICATION_MESSAGE_RATE_LIMIT.timeWindow} per address`,
      errors: [404, 422, 429],
      config: { rateLimit: APPLICATION_MESSAGE_RATE_LIMIT },
    },
    async (req) => {
      const found = await reach(req, req.params.ref);
      await postMessage(db, { id: found.id, body: req.body.body });
      return ok((await applicantView(db, found.id, found.ref, payable))!, applicationTexts.messageSent);
    },
  );

  registerEndpoint(
    app,
    applicationsApi.pay,
    {
      schemas: { params: ApplicationRefParamsSchema, body: PayApplicationBodySchema, data: ApplicationPaymentSchema },
      tags,
      summary: `Pay the fee of an application awaiting it (ADR 37) with \`method\`, one of the shop's active payment methods (the application's fee_methods). Its one fee order is made, or the unpaid one found (a retry, another tab), and paid on the order rails: next says where to go (the provider's page, its in-page checkout with order_id, or back to the application once paid). An offline method submits the application at once with the fee due. \`coupon\` (optional): judged by the coupon's rules with the service as the one product bought (422 at coupon with the reason), counted once with the fee order; one that covers the whole fee submits the application at once. A request with a coupon also counts against the coupon codes' ${COUPON_RATE_LIMITS.apply.max} tries per ${COUPON_RATE_LIMITS.apply.timeWindow} per address (with the cart's apply and the fee's preview). 409 when the application is not awaiting its fee. ${ACCESS_NOTE}. Honours Idempotency-Key; ${CHECKOUT_RATE_LIMITS.processPayment.max} requests per ${CHECKOUT_RATE_LIMITS.processPayment.timeWindow} per address`,
      errors: [404, 409, 422, 429],
      responses: { 502: ErrorEnvelopeSchema },
      config: {
        idempotent: { replayCookies: [ORDER_REF_COOKIE] },
        rateLimit: CHECKOUT_RATE_LIMITS.processPayment,
      },
    },
    async (req, reply) => {
      if (req.body.coupon) await countCouponGuess(req);
      const found = await reach(req, req.params.ref);
      const paid = await payApplicationFee(app, req.log, {
        applicationId: found.id,
        method: req.body.method,
        coupon: req.body.coupon,
        linkOrigin: await messageLinkOrigin(app, req),
      });
      // A guest's fee order is reached from this browser as a guest's order is (an in-page checkout's result).
      if (paid.customerId === null) await setOrderRefCookie(app, req, reply, paid.orderId);
      const application = (await applicantView(db, found.id, found.ref, payable))!;
      return ok(
        { application, order_id: paid.orderId, next: paid.next },
        paid.covered
          ? applicationTexts.feePaid(application.application_no)
          : paid.offline
            ? applicationTexts.feeDue
            : undefined,
      );
    },
  );

  registerEndpoint(
    app,
    applicationsApi.cancel,
    {
      schemas: { params: ApplicationRefParamsSchema, body: CancelApplicationBodySchema, data: ApplicationSchema },
      tags,
      summary: `End the application as its cancel.action says (an application made from an account only by that account, signed in: 401 otherwise). cancel (before work starts, with enable_cancel_order): cancelled at once, an unpaid fee order closed, a fee paid online refunded through its provider, the applicant told once; reason optional. request (once work has started, or when the fee was paid offline or partly refunded already, with enable_refund): the business is asked, with a reason (required: 422 at reason), on the thread; the owner cancels or declines. 409 when cancelling is off, the application has ended, or it was asked already. ${ACCESS_NOTE}. ${APPLICATION_CANCEL_RATE_LIMIT.max} per ${APPLICATION_CANCEL_RATE_LIMIT.timeWindow} per address. Honours Idempotency-Key`,
      errors: [401, 404, 409, 422, 429],
      config: { idempotent: true, rateLimit: APPLICATION_CANCEL_RATE_LIMIT },
    },
    async (req) => {
      const found = await reach(req, req.params.ref);
      // A tracking link (which number and phone also give) follows an account's application and
      // writes on it; ending it takes the account.
      const customer = await req.getCustomer();
      const [owner] = await ownerOf(db, { id: found.id });
      if (owner?.customer_id != null && owner.customer_id !== customer?.id) {
        throw new HttpError(401, applicationTexts.cancelSignIn);
      }
      const { refundQueued } = await cancelByApplicant(app, {
        applicationId: found.id,
        reason: req.body.reason?.trim() || null,
        linkOrigin: await messageLinkOrigin(app, req),
      });
      const application = (await applicantView(db, found.id, found.ref, payable))!;
      const text =
        application.stage === 'cancelled'
          ? refundQueued
            ? applicationTexts.cancelledRefunding
            : applicationTexts.cancelled
          : applicationTexts.cancelRequested;
      return ok(application, text);
    },
  );

  registerEndpoint(
    app,
    applicationsApi.coupons,
    {
      schemas: { params: ApplicationRefParamsSchema, data: CouponOffersSchema },
      tags,
      summary: `The coupons the applicant may see for the fee (secret ones are never listed), each saying whether it applies to it as Pay would judge it; none unless the application awaits its fee with no payment started. ${ACCESS_NOTE}`,
      errors: [404, 422, 429],
      config: { rateLimit: TRACKING_RATE_LIMITS.get },
    },
    async (req) => {
      const found = await reach(req, req.params.ref);
      return ok({ coupons: await feeOffers(db, found.id) });
    },
  );

  registerEndpoint(
    app,
    applicationsApi.previewCoupon,
    {
      schemas: { params: ApplicationRefParamsSchema, body: FeeCouponBodySchema, data: FeeCouponPreviewSchema },
      tags,
      summary: `What a coupon code (any letter case) would take off the fee, judged by the rules Pay judges it by, counting and writing nothing: the fee, the discount and what is left to pay (0: nothing to pay). 422 at coupon with the reason Pay would give; 409 when the application is not awaiting its fee. Pay with the same code to use it: it is judged and counted again then. ${ACCESS_NOTE}. ${COUPON_RATE_LIMITS.apply.max} tries per ${COUPON_RATE_LIMITS.apply.timeWindow} per address, counted with the cart's coupon apply`,
      errors: [404, 409, 422, 429],
      config: { rateLimit: COUPON_RATE_LIMITS.apply },
    },
    async (req) => {
      const found = await reach(req, req.params.ref);
      return ok(await previewFeeCoupon(db, found.id, req.body.coupon));
    },
  );

  app.route({
    method: applicationsApi.download.method,
    url: applicationsApi.download.path,
    schema: {
      tags,
      summary: `One of the application's documents, as a download (never a public URL). ${ACCESS_NOTE}`,
      params: ApplicationDocumentParamsSchema,
      response: { 200: z.any().describe('the document') },
    },
    handler: async (req, reply) => {
      const params = req.params as z.infer<typeof ApplicationDocumentParamsSchema>;
      const found = await reach(req, params.ref);
      const doc = await findDocument(db, found.id, params.document_id);
      if (!doc) throw gone();
      return sendDocument(reply, app.media.documents, doc);
    },
  });
}
