import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { ProductReviewSchema } from './reviews.ts';
import { identifierText } from './identifier.ts';
import { adminKeysetQuery } from './admin-customers.ts';

/**
 * The owner's moderation list of reviews and the inboxes of form submissions and trade
 * enquiries (issue 25). Each list pages by keyset, newest first; the inboxes also answer CSV.
 */

const format = z.enum(['json', 'csv'], { error: 'The format must be json or csv' }).default('json');
const productSlug = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(200, { error: messages.maxLength(200) })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: messages.fallback });

/** GET /api/admin/reviews: every review, hidden or shown. */
export const AdminReviewListQuerySchema = z.object({
  /** `hidden`: hidden by the shop only; `shown`: the ones shoppers see. Both when left out. */
  visibility: z.enum(['hidden', 'shown'], { error: 'The visibility must be hidden or shown' }).optional(),
  rating: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.between(1, 5) })
    .max(5, { error: messages.between(1, 5) })
    .optional(),
  /** A product's slug. */
  product: productSlug.optional(),
  ...adminKeysetQuery,
});
export type AdminReviewListQuery = z.input<typeof AdminReviewListQuerySchema>;

/** A review in the moderation list. */
export const AdminReviewRowSchema = ProductReviewSchema.extend({
  product: z.object({ slug: z.string(), name: z.string() }),
  /** ISO 8601 while hidden, null while shown. */
  hidden_at: z.string().nullable(),
  /** The customer who wrote it (null for a seeded or imported review, or a deleted account). */
  customer_id: z.number().int().nullable(),
});
export type AdminReviewRow = z.infer<typeof AdminReviewRowSchema>;
export const AdminReviewListSchema = z.object({
  reviews: z.array(AdminReviewRowSchema),
  /** All, shown and hidden reviews under the rating and product filters (whatever `visibility` asked). */
  counts: z.object({ all: z.number().int(), shown: z.number().int(), hidden: z.number().int() }),
  next_cursor: z.string().nullable(),
});
export type AdminReviewList = z.infer<typeof AdminReviewListSchema>;

/**
 * GET /api/admin/form-submissions (every form but the trade-enquiry form, or `form` alone) and
 * GET /api/admin/trade-enquiries. `format=csv` answers the whole inbox (filters kept, `cursor`
 * and `limit` ignored) as text/csv, streamed.
 */
export const AdminSubmissionListQuerySchema = z.object({
  /** A form's id. */
  form: identifierText(60).optional(),
  format,
  ...adminKeysetQuery,
});
export type AdminSubmissionListQuery = z.input<typeof AdminSubmissionListQuerySchema>;
export const AdminTradeEnquiryListQuerySchema = AdminSubmissionListQuerySchema.omit({ form: true });
export type AdminTradeEnquiryListQuery = z.input<typeof AdminTradeEnquiryListQuerySchema>;

/** A field of the form, so a screen can label the values. */
export const SubmissionFieldSchema = z.object({ name: z.string(), label: z.string() });

/** One stored submission: only the form's defined fields (and, for a trade enquiry, the product). */
export const AdminSubmissionSchema = z.object({
  id: z.number().int(),
  form_id: z.string(),
  form_name: z.string(),
  data: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type AdminSubmission = z.infer<typeof AdminSubmissionSchema>;
export const AdminSubmissionListSchema = z.object({
  submissions: z.array(AdminSubmissionSchema),
  /** The fields of the forms on this page, in their forms' order (labels for `data`'s keys). */
  fields: z.array(SubmissionFieldSchema),
  next_cursor: z.string().nullable(),
});
export type AdminSubmissionList = z.infer<typeof AdminSubmissionListSchema>;
