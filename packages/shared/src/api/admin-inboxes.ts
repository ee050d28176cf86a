import type {
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminSubmissionListQuerySchema,
  AdminSubmissionListSchema,
  AdminTradeEnquiryListQuerySchema,
} from '../schemas/admin-inboxes.ts';
import { endpoint } from './endpoint.ts';

/**
 * The review moderation list (hide and unhide: adminApi.hideReview / unhideReview) and the
 * inboxes. `?format=csv` on an inbox answers text/csv (streamed, the whole inbox) instead of the
 * envelope; Coming Soon sign-ups are adminApi.modeSubscribers.
 */
export const adminInboxesApi = {
  reviews: endpoint<{ query: typeof AdminReviewListQuerySchema; data: typeof AdminReviewListSchema }>(
    'GET',
    '/api/admin/reviews',
  ),
  formSubmissions: endpoint<{ query: typeof AdminSubmissionListQuerySchema; data: typeof AdminSubmissionListSchema }>(
    'GET',
    '/api/admin/form-submissions',
  ),
  tradeEnquiries: endpoint<{
    query: typeof AdminTradeEnquiryListQuerySchema;
    data: typeof AdminSubmissionListSchema;
  }>('GET', '/api/admin/trade-enquiries'),
} as const;
