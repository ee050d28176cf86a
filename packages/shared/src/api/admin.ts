import type { AdminReviewParamsSchema, ModeratedReviewSchema } from '../schemas/admin.ts';
import { endpoint } from './endpoint.ts';

type Moderation = { params: typeof AdminReviewParamsSchema; data: typeof ModeratedReviewSchema };

/** The owner's API (ADR 12): `Authorization: Bearer <ADMIN_API_TOKEN>`. */
export const adminApi = {
  hideReview: endpoint<Moderation>('POST', '/api/admin/reviews/:id/hide'),
  unhideReview: endpoint<Moderation>('POST', '/api/admin/reviews/:id/unhide'),
} as const;
