import type { AdminReviewRow } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { formatWhen } from '../../lib/format';

/** One review: its stars, words, who wrote it about what, and the button that hides or shows it. */
export function ReviewCard({
  review: r,
  busy,
  onModerate,
}: {
  review: AdminReviewRow;
  busy: boolean;
  onModerate: (hide: boolean) => void;
}) {
  const hidden = r.hidden_at !== null;
  return (
    <li data-testid="review-row" data-review-id={r.id} className={`p-4 sm:p-5 ${hidden ? 'bg-stone-50' : ''}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 break-words">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-amber-600" aria-label={`${r.rating} out of 5 stars`}>
              {'★'.repeat(r.rating)}
              <span className="text-stone-300">{'★'.repeat(5 - r.rating)}</span>
            </span>
            {r.title && <span className="font-medium">{r.title}</span>}
            {hidden && (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700">Hidden</span>
            )}
          </p>
          {r.body && <p className="mt-1 text-sm whitespace-pre-wrap">{r.body}</p>}
          <p className="mt-1 text-sm text-muted">
            {r.author}
            {r.is_verified_buyer && ' (verified buyer)'} on <span className="text-ink">{r.product.name}</span> ·{' '}
            {formatWhen(r.created_at)}
          </p>
        </div>
        <Button
          variant={hidden ? 'primary' : 'outline'}
          isDisabled={busy}
          onPress={() => onModerate(!hidden)}
          className="shrink-0 self-end px-6 sm:self-start"
          aria-label={`${hidden ? 'Show again' : 'Hide'}: review by ${r.author} on ${r.product.name}`}
        >
          {hidden ? 'Show again' : 'Hide'}
        </Button>
      </div>
    </li>
  );
}
