import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { KeysetList } from '../components/ui/keyset-list';
import { Empty, PageHeader } from '../components/ui/states';
import { useModerate, useReviewList, type Visibility } from '../features/reviews/queries';
import { ReviewCard } from '../features/reviews/review-card';

export const meta = () => [{ title: 'Reviews · Shop admin' }];

const TABS: { key: Visibility; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'shown', label: 'Shown' },
  { key: 'hidden', label: 'Hidden' },
];
const EMPTY: Record<Visibility, string> = {
  all: 'Reviews shoppers write show here as soon as they are posted.',
  shown: 'No review is on the shop right now.',
  hidden: 'You have not hidden any review.',
};

/**
 * Review moderation: reviews go live when written; the owner hides one (it leaves the product's
 * reviews and rating) or shows it again. Tabs with counts in the address (`?show=`), newest first.
 */
export default function Reviews() {
  const [params] = useSearchParams();
  const show = (['shown', 'hidden'] as const).find((v) => v === params.get('show')) ?? 'all';
  const list = useReviewList(show);
  const moderate = useModerate();
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.reviews) ?? [], [list.data]);
  const counts = list.data?.pages[0]?.counts;
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Reviews go on the shop as soon as a shopper posts them. Hide one and it leaves the product’s reviews and rating; you can show it again."
      />
      <nav aria-label="Review tabs" className="mb-3">
        <ul className="flex gap-2">
          {TABS.map((t) => (
            <li key={t.key}>
              <Link
                to={t.key === 'all' ? '?' : `?show=${t.key}`}
                aria-current={show === t.key ? 'page' : undefined}
                data-testid={`reviews-tab-${t.key}`}
                className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium ${show === t.key ? 'border-brand bg-brand text-white' : 'border-line bg-white text-ink hover:border-stone-400'}`}
              >
                {t.label}
                {counts && (
                  <span
                    className={`rounded-full px-1.5 text-xs tabular-nums ${show === t.key ? 'bg-white/20' : 'bg-stone-100 text-muted'}`}
                  >
                    {counts[t.key]}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <KeysetList
        list={list}
        count={rows.length}
        loading="Loading reviews…"
        testId="reviews-list"
        end="That is every review here."
        empty={<Empty title="No reviews here">{EMPTY[show]}</Empty>}
      >
        {rows.map((r) => (
          <ReviewCard
            key={r.id}
            review={r}
            busy={moderate.isPending && moderate.variables?.id === r.id}
            onModerate={(hide) => moderate.mutate({ id: r.id, hide })}
          />
        ))}
      </KeysetList>
    </>
  );
}
