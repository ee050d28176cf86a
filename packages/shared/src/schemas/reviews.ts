import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';
import { ContentPaginationSchema, contentPageNumberSchema } from './blog.ts';

/** Spec section 9: reviews page size. */
export const REVIEWS_PER_PAGE = 10;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
/** Reviews one customer may write in an hour (besides one per product). */
export const REVIEWS_PER_HOUR = 5;

export const reviewMessages = {
  loginRequired: 'Please log in to write a review',
  productNotFound: 'Product not found',
  reviewsDisabled: 'Reviews are not enabled',
  alreadyReviewed: 'You have already reviewed this product',
  reviewSaved: 'Thank you for your review',
  tooManyReviews: `You can write up to ${REVIEWS_PER_HOUR} reviews an hour. Please try again later`,
} as const;

/** One field of the write-a-review form, with the rules the API applies to it. */
export const ReviewFieldSchema = z.object({
  name: z.enum(['rating', 'title', 'body']),
  label: z.string(),
  type: z.enum(['rating', 'text', 'textarea']),
  required: z.boolean(),
  /** Rating only: lowest and highest star. */
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  /** Text fields only: longest value in characters. */
  max_length: z.number().int().nullable(),
  placeholder: z.string().nullable(),
});
export type ReviewField = z.infer<typeof ReviewFieldSchema>;

/** GET /api/plugins/review/fields answers these (one copy for the API and the storefront form). */
export const REVIEW_FIELDS: ReviewField[] = [
  {
    name: 'rating',
    label: 'Rating',
    type: 'rating',
    required: true,
    min: 1,
    max: 5,
    max_length: null,
    placeholder: null,
  },
  {
    name: 'title',
    label: 'Title',
    type: 'text',
    required: false,
    min: null,
    max: null,
    max_length: REVIEW_TITLE_MAX,
    placeholder: 'Sum it up in a few words',
  },
  {
    name: 'body',
    label: 'Review',
    type: 'textarea',
    required: false,
    min: null,
    max: null,
    max_length: REVIEW_BODY_MAX,
    placeholder: 'What did you like or dislike?',
  },
];
export const ReviewFieldsSchema = z.object({ fields: z.array(ReviewFieldSchema) });

/** Product slugs: lower-case words joined by hyphens. */
const productSlug = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .max(200, { error: messages.maxLength(200) })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: messages.fallback });

/** POST /api/plugins/review/rate-product: what a logged-in customer sends (one review per product). */
export const RateProductBodySchema = z.object({
  slug: productSlug,
  rating: z
    .number({ error: messages.required })
    .int({ error: messages.integer })
    .min(1, { error: messages.between(1, 5) })
    .max(5, { error: messages.between(1, 5) }),
  title: plainText(
    z
      .string({ error: messages.fallback })
      .trim()
      .max(REVIEW_TITLE_MAX, { error: messages.maxLength(REVIEW_TITLE_MAX) }),
  ).default(''),
  body: plainText(
    z
      .string({ error: messages.fallback })
      .trim()
      .max(REVIEW_BODY_MAX, { error: messages.maxLength(REVIEW_BODY_MAX) }),
    { multiline: true },
  ).default(''),
});
export type RateProductBody = z.input<typeof RateProductBodySchema>;

/** POST /api/plugins/review/product-reviews: the product's slug and a page (REVIEWS_PER_PAGE each). */
export const ProductReviewsBodySchema = z.object({ slug: productSlug, page: contentPageNumberSchema });
export type ProductReviewsBody = z.input<typeof ProductReviewsBodySchema>;

export const ProductReviewSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  is_verified_buyer: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type ProductReview = z.infer<typeof ProductReviewSchema>;

/** Published reviews per star, keys '1' … '5' (every key present, 0 when none). */
export const RatingCountSchema = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});
export type RatingCount = z.infer<typeof RatingCountSchema>;

export const ProductReviewsSchema = z.object({
  product: z.object({ slug: z.string(), name: z.string() }),
  /** Newest first. */
  reviews: z.array(ProductReviewSchema),
  pagination: ContentPaginationSchema,
  rating_count: RatingCountSchema,
  total_reviews: z.number().int(),
  /** Mean of the published ratings, two decimals; 0 without reviews. */
  overall_rating: z.number(),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;
