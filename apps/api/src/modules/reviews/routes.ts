import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorEnvelopeSchema,
  ProductReviewsBodySchema,
  ProductReviewsSchema,
  REVIEW_FIELDS,
  RateProductBodySchema,
  ReviewFieldsSchema,
  envelope,
  reviewMessages,
} from '@shopfront/shared';
import { HttpError, notFound, ok } from '../../lib/http.ts';
import { getProductReviews, reviewsEnabled } from './service.ts';

/** The Review plugin's endpoints (spec section 7, Reviews). They answer 404 while the plugin is not installed. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireEnabled = async () => {
    if (!(await reviewsEnabled(app.db))) throw notFound(reviewMessages.reviewsDisabled);
  };

  app.get(
    '/api/plugins/review/fields',
    {
      preValidation: requireEnabled,
      schema: {
        tags: ['reviews'],
        summary: 'Fields of the write-a-review form, with labels and rules',
        response: { 200: envelope(ReviewFieldsSchema) },
      },
    },
    async () => ok({ fields: REVIEW_FIELDS }),
  );

  app.post(
    '/api/plugins/review/product-reviews',
    {
      preValidation: requireEnabled,
      schema: {
        tags: ['reviews'],
        summary: `Published reviews of a product, newest first, 10 a page, with the count per star, total and overall rating`,
        body: ProductReviewsBodySchema,
        response: { 200: envelope(ProductReviewsSchema) },
      },
    },
    async (req) => {
      const result = await getProductReviews(app.db, req.body.slug, req.body.page);
      if (!result) throw notFound(reviewMessages.productNotFound);
      return ok(result);
    },
  );

  /**
   * Writing a review needs a logged-in customer, and customer accounts do not exist yet, so
   * every request is answered 401 before its body is read. When accounts land, replace the
   * preValidation guard with the session check, then validate RateProductBodySchema, insert
   * one review per customer and product (reviews_customer_product_uq), mark it verified when the
   * customer has a delivered order of the product, and refresh products.rating_avg/rating_count.
   */
  app.post(
    '/api/plugins/review/rate-product',
    {
      preValidation: async () => {
        await requireEnabled();
        throw new HttpError(401, reviewMessages.loginRequired);
      },
      schema: {
        tags: ['reviews'],
        summary: 'Write a review (logged-in customers; answers 401 until customer accounts exist)',
        body: RateProductBodySchema,
        response: { 401: ErrorEnvelopeSchema },
      },
    },
    async () => {
      throw new HttpError(401, reviewMessages.loginRequired);
    },
  );
};
