import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { ProductReviewSchema } from './reviews.ts';

/** Texts of the owner's API (/api/admin/*). */
export const adminMessages = {
  tokenRequired: 'A valid admin token is required (Authorization: Bearer …)',
  reviewNotFound: 'Review not found',
  reviewHidden: 'The review is hidden',
  reviewShown: 'The review is shown again',
} as const;

/** Path parameter of POST /api/admin/reviews/{id}/hide and /unhide. */
export const AdminReviewParamsSchema = z.object({
  id: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.fallback })
    .max(2_147_483_647, { error: messages.fallback }),
});

/** A review as the owner sees it after hiding or showing it, with its product's rating as the shop now shows it. */
export const ModeratedReviewSchema = ProductReviewSchema.extend({
  product: z.object({ slug: z.string(), name: z.string() }),
  /** ISO 8601 while hidden, null while shown. */
  hidden_at: z.string().nullable(),
  product_rating: z.object({ overall_rating: z.number(), total_reviews: z.number().int() }),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;
