import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProductReviewsBodySchema,
  ProductReviewSchema,
  ProductReviewsSchema,
  REVIEW_FIELDS,
  REVIEWS_PER_HOUR,
  RateProductBodySchema,
  ReviewFieldsSchema,
  reviewMessages,
  reviewsApi,
} from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { contentLookup } from '../../lib/content-memo.ts';
import { IDEMPOTENCY_NOTE } from '../../lib/idempotency.ts';
import { requireCustomer } from '../../lib/session.ts';
import { getProductReviews, reviewsEnabled, writeReview } from './service.ts';

/** The Review plugin's endpoints (spec section 7, Reviews). They answer 404 while the plugin is not installed. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Whether the plugin is installed, kept until the plugins change (ADR 28).
  const enabled = contentLookup<boolean>(app, 1);
  const requireEnabled = async () => {
    if (!(await enabled('', () => reviewsEnabled(app.db)))) throw notFound(reviewMessages.reviewsDisabled);
  };

  registerEndpoint(
    app,
    reviewsApi.fields,
    {
      schemas: { data: ReviewFieldsSchema },
      tags: ['reviews'],
      summary: 'Fields of the write-a-review form, with labels and rules',
      preValidation: requireEnabled,
    },
    async () => ok({ fields: REVIEW_FIELDS }),
  );

  registerEndpoint(
    app,
    reviewsApi.productReviews,
    {
      schemas: { body: ProductReviewsBodySchema, data: ProductReviewsSchema },
      tags: ['reviews'],
      summary: `Published reviews of a product, newest first, 10 a page, with the count per star, total and overall rating`,
      preValidation: requireEnabled,
      sharedAnswer: (req) => `${req.body.slug}\n${req.body.page}`,
    },
    async (req) => {
      const result = await getProductReviews(app.db, req.body.slug, req.body.page);
      if (!result) throw notFound(reviewMessages.productNotFound);
      return ok(result);
    },
  );

  registerEndpoint(
    app,
    reviewsApi.rateProduct,
    {
      schemas: { body: RateProductBodySchema, data: ProductReviewSchema },
      tags: ['reviews'],
      summary: `Write a review: slug, rating 1-5, optional title and body. Logged-in customers only (401), one review per product (409), ${REVIEWS_PER_HOUR} reviews an hour (429); refreshes the product rating. The verified-buyer mark is decided by the shop, never taken from the request${IDEMPOTENCY_NOTE}`,
      errors: [401, 409, 429],
      config: { idempotent: true },
      // Guests are turned away before their body is read: the login dialog is the answer.
      preValidation: async (req) => {
        await requireEnabled();
        await requireCustomer(req, reviewMessages.loginRequired);
      },
    },
    async (req) => {
      const customer = await requireCustomer(req, reviewMessages.loginRequired);
      return ok(await writeReview(app.db, customer, req.body), reviewMessages.reviewSaved);
    },
  );
};
