import type { ReactNode } from 'react';
import type { ProductReviews } from '@shopfront/shared';
import { Pagination } from '../../../components/pagination';
import { Stars } from '../../../components/stars';
import { CheckIcon } from '../../../components/ui/icons';
import { formatPostDate } from '../../blog/blog-card';
import { WriteReview } from './write-review';

const STARS = ['5', '4', '3', '2', '1'] as const;

function Summary({ data, children }: { data: ProductReviews; children?: ReactNode }) {
  const total = data.total_reviews;
  return (
    <div>
      <div className="flex items-end gap-4">
        <p className="font-heading text-5xl leading-none font-semibold tabular-nums">
          {total ? data.overall_rating.toFixed(1) : '–'}
        </p>
        <div className="pb-1">
          <Stars rating={data.overall_rating} className="h-5" />
          <p className="mt-1 text-sm text-muted">
            {total ? `Based on ${total} ${total === 1 ? 'review' : 'reviews'}` : 'No reviews yet'}
          </p>
        </div>
      </div>
      <ul className="mt-6 space-y-2" aria-label="Ratings by stars">
        {STARS.map((star) => {
          const count = data.rating_count[star];
          const pct = total ? Math.round((count / total) * 100) : 0;
          return (
            <li key={star} className="flex items-center gap-3 text-sm">
              <span className="w-12 shrink-0 text-muted" aria-hidden="true">
                {star} star
              </span>
              <span
                role="img"
                aria-label={`${star} stars: ${count} ${count === 1 ? 'review' : 'reviews'} (${pct}%)`}
                className="h-2 flex-1 overflow-hidden rounded-full bg-ink/10"
              >
                <span className="block h-full rounded-full bg-accent" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right text-muted tabular-nums" aria-hidden="true">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
      {children}
    </div>
  );
}

/** Rating summary with per-star bars and the write-a-review box, and the newest reviews ten at a time. */
export function ReviewsSection({
  data,
  productSlug,
  productName,
}: {
  data: ProductReviews;
  productSlug: string;
  productName: string;
}) {
  const { reviews, pagination } = data;
  // No review yet: one message and the action, instead of an empty summary, empty bars and an
  // empty list each saying so.
  if (data.total_reviews === 0) {
    return (
      <div className="reviews-empty flex flex-col items-start gap-4 rounded-2xl bg-surface p-6 sm:flex-row sm:items-center sm:justify-between md:p-8">
        <div>
          <p className="flex items-center gap-3">
            <span aria-hidden="true">
              <Stars rating={0} className="h-5" />
            </span>
            <span className="text-lg font-semibold">No reviews yet</span>
          </p>
          <p className="mt-1.5 text-sm text-muted">Own it? Tell other shoppers what you think of it.</p>
        </div>
        <WriteReview productSlug={productSlug} productName={productName} look="action" />
      </div>
    );
  }
  return (
    <div className="grid gap-10 lg:grid-cols-[320px_1fr] lg:gap-16">
      <Summary data={data}>
        <WriteReview productSlug={productSlug} productName={productName} />
      </Summary>
      <div>
        {reviews.length === 0 ? (
          <p className="rounded-2xl bg-surface p-6 text-muted">
            {data.total_reviews ? 'No reviews on this page.' : 'Be the first to review this product.'}
          </p>
        ) : (
          <ol
            className="divide-y divide-ink/10"
            aria-label={`Reviews, page ${pagination.page} of ${pagination.last_page}`}
          >
            {reviews.map((r) => (
              <li key={r.id} className="py-6 first:pt-0">
                <article aria-label={`Review by ${r.author}`}>
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars rating={r.rating} />
                    {r.title && <h3 className="font-semibold">{r.title}</h3>}
                  </div>
                  {r.body && <p className="mt-2 leading-relaxed text-ink/85">{r.body}</p>}
                  <p className="mt-3 flex flex-wrap items-center gap-x-2 text-sm text-muted">
                    <span className="font-medium text-ink">{r.author}</span>
                    {r.is_verified_buyer && (
                      <span className="inline-flex items-center gap-1 text-primary">
                        <CheckIcon className="size-4" /> Verified buyer
                      </span>
                    )}
                    <span aria-hidden="true">·</span>
                    <time dateTime={r.created_at}>{formatPostDate(r.created_at)}</time>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        )}
        <Pagination
          page={pagination.page}
          lastPage={pagination.last_page}
          param="reviews_page"
          hash="#reviews"
          preventScrollReset
          label="Reviews pages"
          className="mt-6"
        />
      </div>
    </div>
  );
}
