import type {
  ProductReviewSchema,
  ProductReviewsBodySchema,
  ProductReviewsSchema,
  RateProductBodySchema,
  ReviewFieldsSchema,
} from '../schemas/reviews.ts';
import { endpoint } from './endpoint.ts';

/** The Review plugin (spec section 7, Reviews): 404 while the plugin is not installed. */
export const reviewsApi = {
  fields: endpoint<{ data: typeof ReviewFieldsSchema }>('GET', '/api/plugins/review/fields'),
  productReviews: endpoint<{ body: typeof ProductReviewsBodySchema; data: typeof ProductReviewsSchema }>(
    'POST',
    '/api/plugins/review/product-reviews',
  ),
  rateProduct: endpoint<{ body: typeof RateProductBodySchema; data: typeof ProductReviewSchema }>(
    'POST',
    '/api/plugins/review/rate-product',
  ),
} as const;
