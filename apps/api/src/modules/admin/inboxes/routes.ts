import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  ADMIN_LIST_PAGE_SIZE,
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminSubmissionListQuerySchema,
  AdminSubmissionListSchema,
  AdminTradeEnquiryListQuerySchema,
  adminInboxesApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { ok } from '../../../lib/http.ts';
import {
  formsInbox,
  listReviewsForModeration,
  listSubmissions,
  submissionsCsv,
  TRADE_INBOX,
  type Inbox,
} from './service.ts';
import type { Db } from '../../../db/client.ts';

const NOTE =
  'Owner API (ADR 26): a staff session (Bearer token, or the sf_staff cookie with the X-Requested-With header on writes). Owners and managers (the customers area).';
const PAGING = `Newest first, in keyset pages of limit (default ${ADMIN_LIST_PAGE_SIZE}): ask again with cursor=next_cursor until it is null.`;
const CSV =
  ' ?format=csv answers the whole inbox as text/csv (header row id,form,submitted_at and each field by its label; CRLF; formula-like values escaped), streamed; cursor and limit are ignored.';

/** The review moderation list and the inboxes (issue 25), inside the owner API's protected scope. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string) => ({
    tags: ['admin'],
    summary,
    description: NOTE,
    errors: [401, 403, 422, 429] as const,
    config: { staffArea: 'customers' as const },
  });
  const answer = async (
    db: Db,
    reply: FastifyReply,
    inbox: Inbox,
    query: { format: 'json' | 'csv'; cursor?: number | undefined; limit: number },
    filename: string,
  ) => {
    if (query.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}.csv"`)
        .send(await submissionsCsv(db, inbox));
    }
    return ok(await listSubmissions(db, inbox, query));
  };

  registerEndpoint(
    app,
    adminInboxesApi.reviews,
    {
      schemas: { query: AdminReviewListQuerySchema, data: AdminReviewListSchema },
      ...doc(
        `Every review for moderation, hidden or shown (visibility=hidden|shown, rating=1..5, product=<slug>). ${PAGING} Hide and unhide: POST /api/admin/reviews/{id}/hide and /unhide`,
      ),
    },
    async (req) => ok(await listReviewsForModeration(app.db, req.query)),
  );

  registerEndpoint(
    app,
    adminInboxesApi.formSubmissions,
    {
      schemas: { query: AdminSubmissionListQuerySchema, data: AdminSubmissionListSchema },
      ...doc(
        `Form submissions (contact and other forms; form=<id> for one form; trade enquiries have their own inbox). ${PAGING}${CSV}`,
      ),
    },
    async (req, reply) => answer(app.db, reply, formsInbox(req.query.form), req.query, 'form-submissions'),
  );

  registerEndpoint(
    app,
    adminInboxesApi.tradeEnquiries,
    {
      schemas: { query: AdminTradeEnquiryListQuerySchema, data: AdminSubmissionListSchema },
      ...doc(
        `Trade enquiries (the TradeEnquiry plugin's submissions, with the product they came from). ${PAGING}${CSV}`,
      ),
    },
    async (req, reply) => answer(app.db, reply, TRADE_INBOX, req.query, 'trade-enquiries'),
  );
};
