import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminApplicationDocumentParamsSchema,
  AdminApplicationListSchema,
  AdminApplicationMoveBodySchema,
  AdminApplicationParamsSchema,
  AdminApplicationSchema,
  AdminApplicationServicesSchema,
  AdminApplicationsQuerySchema,
  AdminDocumentRequestBodySchema,
  AdminFeeRefundBodySchema,
  AdminOrderNoteBodySchema,
  APPLICATION_FILE_MAX_MB,
  ApplicationMessageBodySchema,
  adminApplicationsApi,
  applicationTexts,
  messages,
} from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { HttpError, notFound, ok } from '../../../lib/http.ts';
import { messageLinkOrigin } from '../../../lib/origin.ts';
import { declineCancelRequest } from '../../applications/applicant-cancel.ts';
import { cancelWithRefund } from '../../applications/cancel.ts';
import { adminApplicationServices, adminApplications } from '../../applications/lists.ts';
import { moveApplication } from '../../applications/move.ts';
import { checkDocument } from '../../applications/answers.ts';
import { readMultipart, refuseLargeBody } from '../../applications/files.ts';
import { applicationUploadScope, sendDocument } from '../../applications/routes.ts';
import { findDocument, staffDocument, staffToApplicant } from '../../applications/thread.ts';
import { staffView } from '../../applications/view.ts';
import { markAdminOrderPaid, refundFeeOrder, type StaffAct } from '../../orders/admin-actions.ts';
import { requireStaff } from '../auth.ts';
import { ownerRouteDoc } from '../if-match.ts';

/** Applications are the services shop's orders: the same area (owner, manager, packer). */
const doc = ownerRouteDoc('orders');

async function detail(db: Db, id: string) {
  const view = await staffView(db, id);
  if (!view) throw notFound(applicationTexts.notFound);
  return view;
}

/** The owner's applications inbox and application page (issue 27). */
export const adminApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(
    app,
    adminApplicationsApi.list,
    {
      schemas: { query: AdminApplicationsQuerySchema, data: AdminApplicationListSchema },
      ...doc(
        'Applications, newest first, 30 a page (next_cursor): filters service (product id), stage, overdue (past the expected date of the next stage)',
      ),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await adminApplications(app.db, req.query));
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.services,
    {
      schemas: { data: AdminApplicationServicesSchema },
      ...doc('The services to filter the inbox by (not archived), by name, each with its stages'),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await adminApplicationServices(app.db));
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.get,
    {
      schemas: { params: AdminApplicationParamsSchema, data: AdminApplicationSchema },
      ...doc('One application: answers, documents, thread, history and the stage moves open to it', [404]),
    },
    async (req) => {
      await requireStaff(req);
      return ok(await detail(app.db, req.params.id));
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.move,
    {
      schemas: {
        params: AdminApplicationParamsSchema,
        body: AdminApplicationMoveBodySchema,
        data: AdminApplicationSchema,
      },
      ...doc(
        'Move an application from `from` (the stage you saw) to a later stage of its table, rejected (note: the reason) or cancelled; from quote_requested to awaiting_payment with fee_minor (the quote). 409 when it has moved on since; 422 for a stage its table does not allow. The applicant is told once by e-mail and/or SMS',
        [404, 409, 422],
      ),
    },
    async (req) => {
      const m = await requireStaff(req);
      const { from, to, note, fee_minor } = req.body;
      await moveApplication(
        app,
        { id: req.params.id, from, to, note: note?.trim() || null, feeMinor: fee_minor, staffId: m.id },
        await messageLinkOrigin(app, req),
      );
      const view = await detail(app.db, req.params.id);
      return ok(view, applicationTexts.moved(view.stage_label));
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.message,
    {
      schemas: {
        params: AdminApplicationParamsSchema,
        body: ApplicationMessageBodySchema,
        data: AdminApplicationSchema,
      },
      ...doc("Write to the applicant on the application's thread (plain text)", [404, 422]),
    },
    async (req) => {
      const m = await requireStaff(req);
      await staffToApplicant(app, {
        id: req.params.id,
        staffId: m.id,
        linkOrigin: await messageLinkOrigin(app, req),
        kind: 'message',
        body: req.body.body,
      });
      return ok(await detail(app.db, req.params.id), applicationTexts.messageSent);
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.requestDocument,
    {
      schemas: {
        params: AdminApplicationParamsSchema,
        body: AdminDocumentRequestBodySchema,
        data: AdminApplicationSchema,
      },
      ...doc(
        'Ask the applicant for a document; their upload with its request_id answers it (409 once the application has ended)',
        [404, 409, 422],
      ),
    },
    async (req) => {
      const m = await requireStaff(req);
      await staffToApplicant(app, {
        id: req.params.id,
        staffId: m.id,
        linkOrigin: await messageLinkOrigin(app, req),
        kind: 'request',
        what: req.body.what,
      });
      return ok(await detail(app.db, req.params.id), applicationTexts.requestSent);
    },
  );

  /** The application's fee order: the fee's money is its order's (ADR 37). 409 before there is one. */
  const feeAct = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const m = await requireStaff(req);
    const view = await detail(app.db, req.params.id);
    if (!view.fee_status.order_id) throw new HttpError(409, applicationTexts.noFeeOrder);
    const who: StaffAct = { staff: { id: m.id, email: m.email }, ip: req.ip ?? null };
    return { who, staffId: m.id, orderId: view.fee_status.order_id };
  };

  registerEndpoint(
    app,
    adminApplicationsApi.refundFee,
    {
      schemas: { params: AdminApplicationParamsSchema, body: AdminFeeRefundBodySchema, data: AdminApplicationSchema },
      ...doc(
        "Refund the application's paid fee through its fee order's refund: all of it, or amount_minor (at most the fee); the note is shown to the applicant, who is told once. cancel_application: also cancel the application in the same transaction (409, and nothing refunded, when it has ended); the applicant's one message says both. Once: 409 when it is not paid or already refunded",
        [404, 409, 422],
      ),
    },
    async (req) => {
      const { who, staffId, orderId } = await feeAct(req);
      const { cancel_application: cancel, ...refund } = req.body;
      const id = req.params.id;
      await refundFeeOrder(
        app.db,
        who,
        orderId,
        refund,
        cancel ? (tx) => cancelWithRefund(tx, id, staffId, refund.note ?? null) : undefined,
      );
      return ok(
        await detail(app.db, id),
        cancel ? applicationTexts.feeRefundedCancelled : applicationTexts.feeRefunded,
      );
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.declineCancel,
    {
      schemas: { params: AdminApplicationParamsSchema, body: AdminOrderNoteBodySchema, data: AdminApplicationSchema },
      ...doc(
        "Decline the applicant's request to cancel: it is cleared and the answer (with the note) goes to them on the thread. To accept it, cancel the application instead (Refund fee with cancel_application, or a move to cancelled). 409 when there is no open request",
        [404, 409, 422],
      ),
    },
    async (req) => {
      const m = await requireStaff(req);
      await detail(app.db, req.params.id);
      await declineCancelRequest(app, {
        applicationId: req.params.id,
        staffId: m.id,
        note: req.body.note ?? null,
        linkOrigin: await messageLinkOrigin(app, req),
      });
      return ok(await detail(app.db, req.params.id), applicationTexts.cancelRequestDeclined);
    },
  );

  registerEndpoint(
    app,
    adminApplicationsApi.markFeePaid,
    {
      schemas: { params: AdminApplicationParamsSchema, body: AdminOrderNoteBodySchema, data: AdminApplicationSchema },
      ...doc(
        "An offline method's fee received (its fee order's mark-paid): cod → paid. 409 unless the fee is due in cash",
        [404, 409, 422],
      ),
    },
    async (req) => {
      const { who, orderId } = await feeAct(req);
      await markAdminOrderPaid(app.db, who, orderId, req.body);
      return ok(await detail(app.db, req.params.id), applicationTexts.feeMarkedPaid);
    },
  );

  await app.register(async (scope) => {
    await applicationUploadScope(scope);
    registerEndpoint(
      scope,
      adminApplicationsApi.sendDocument,
      {
        schemas: { params: AdminApplicationParamsSchema, data: AdminApplicationSchema },
        ...doc(
          `Send the applicant a document (a certificate, a filed return, a receipt): multipart/form-data, one file in the field "file", a PDF, JPEG, PNG or WebP (told from its bytes) of at most ${APPLICATION_FILE_MAX_MB} MB. Stored privately and listed among the application's documents from the business; the applicant is told once by e-mail (else SMS) with the link. Also once the application has ended. 413 for a larger file, 415 for a body that is not multipart`,
          [404, 422],
        ),
        errors: [400, 401, 403, 404, 413, 415, 422, 429],
        onRequest: async (req) => refuseLargeBody(req),
      },
      async (req) => {
        const m = await requireStaff(req);
        await detail(app.db, req.params.id);
        const body = await readMultipart(req);
        await staffDocument(app, {
          id: req.params.id,
          staffId: m.id,
          linkOrigin: await messageLinkOrigin(app, req),
          file: checkDocument('file', body.files.file),
        });
        return ok(await detail(app.db, req.params.id), applicationTexts.documentSent);
      },
    );
  });

  app.route({
    method: adminApplicationsApi.download.method,
    url: adminApplicationsApi.download.path,
    schema: {
      tags: ['admin'],
      summary: "One of an application's documents, as a download",
      params: AdminApplicationDocumentParamsSchema,
      response: { 200: z.any().describe('the document') },
    },
    config: { staffArea: 'orders' },
    handler: async (req, reply) => {
      await requireStaff(req);
      const doc = await findDocument(app.db, req.params.id, req.params.document_id);
      if (!doc) throw notFound(messages.notFound);
      return sendDocument(reply, app.media.documents, doc);
    },
  });
};
