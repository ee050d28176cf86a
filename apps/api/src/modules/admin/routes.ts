import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminReviewParamsSchema, ModeratedReviewSchema, adminApi, adminMessages } from '@shopfront/shared';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { notFound, ok } from '../../lib/http.ts';
import { setReviewHidden } from '../reviews/service.ts';
import { ADMIN_MAX_FAILURES, adminAuth } from './auth.ts';

const AUTH_NOTE = `Owner API: send \`Authorization: Bearer <ADMIN_API_TOKEN>\`. 404 while ADMIN_API_TOKEN is not set; 401 for a missing or wrong token; 429 once a client address has sent ${ADMIN_MAX_FAILURES} wrong tokens in 15 minutes.`;

/** The owner's API. Its own plugin scope, so the token check covers these routes and no others. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', adminAuth(app.db, app.env.ADMIN_API_TOKEN));

  for (const [ep, hidden] of [
    [adminApi.hideReview, true],
    [adminApi.unhideReview, false],
  ] as const) {
    registerEndpoint(
      app,
      ep,
      {
        schemas: { params: AdminReviewParamsSchema, data: ModeratedReviewSchema },
        tags: ['admin'],
        summary: hidden
          ? 'Hide a review: it leaves the product’s reviews, counts and rating everywhere the shop shows them'
          : 'Show a hidden review again, back in the product’s reviews, counts and rating',
        description: AUTH_NOTE,
        errors: [401, 404, 429],
      },
      async (req) => {
        const review = await setReviewHidden(app.db, req.params.id, hidden);
        if (!review) throw notFound(adminMessages.reviewNotFound);
        return ok(review, hidden ? adminMessages.reviewHidden : adminMessages.reviewShown);
      },
    );
  }
};
