import { eq } from 'drizzle-orm';
import { adminMessages, type ModeratedReview } from '@shopfront/shared';
import type { Db } from '../../../db/client.ts';
import { reviews } from '../../../db/schema.ts';
import { notFound } from '../../../lib/http.ts';
import { setReviewHidden } from '../../reviews/service.ts';
import { recordAudit, type AuditActor } from '../../staff/audit.ts';

/**
 * Hides or shows a review, audited as `review.hide` / `review.unhide` with `hidden_at` before and
 * after, in one transaction (the review row locked, so Undo compares against what it really was).
 */
export async function moderateReview(
  db: Db,
  actor: AuditActor,
  id: number,
  hidden: boolean,
  ip: string | null,
): Promise<ModeratedReview> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, id))
      .for('update');
    if (!current) throw notFound(adminMessages.reviewNotFound);
    const review = await setReviewHidden(tx, id, hidden);
    if (!review) throw notFound(adminMessages.reviewNotFound);
    await recordAudit(tx, {
      staff: actor,
      action: hidden ? 'review.hide' : 'review.unhide',
      target: `review:${review.id}`,
      before: { hidden_at: current.hiddenAt?.toISOString() ?? null },
      after: { hidden_at: review.hidden_at },
      ip,
    });
    return review;
  });
}
