import type { ReactNode } from 'react';
import { Failed, LoadMore, Loading } from './states';

/**
 * A list read a page at a time ("Load more"): loading, a failure with Try again (when nothing
 * shows yet), the empty state, or the rows in a card and the list's footer.
 */
export function KeysetList({
  list,
  count,
  loading,
  empty,
  testId,
  end,
  children,
}: {
  /** A TanStack infinite query. */
  list: Parameters<typeof LoadMore>[0]['list'] & {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** How many rows are loaded. */
  count: number;
  /** "Loading coupons…" */
  loading: string;
  /** What shows when there are no rows (an Empty). */
  empty: ReactNode;
  testId: string;
  /** Said under the last page: "That is every coupon here." */
  end: string;
  /** The rows (and a desk's column heads), each an `li`. */
  children: ReactNode;
}) {
  if (list.isPending) return <Loading label={loading} />;
  if (list.isError && count === 0) return <Failed error={list.error} retry={() => void list.refetch()} />;
  if (count === 0) return empty;
  return (
    <>
      <ul className="card divide-y divide-line overflow-hidden" data-testid={testId} aria-busy={list.isFetching}>
        {children}
      </ul>
      <LoadMore list={list} end={end} />
    </>
  );
}
