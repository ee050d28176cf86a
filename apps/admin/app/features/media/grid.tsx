import type { MediaItem } from '@shopfront/shared';
import { errorText } from '../../lib/api';
import { LoadMore } from '../../components/ui/states';
import { DeletedBadge, removedAfter, isDeleted } from './deleted';
import type { useMediaList } from './queries';
import { mediaThumbnail } from './thumbnail';

/**
 * The library's pictures as a grid of thumbnails (uploads, then products' pictures; one deleted
 * from its product dimmed and marked "Deleted"), each a button that chooses it, with the list's loading, failure and empty states and "Load more".
 * `captions` writes each picture's name and where it is used under it (the Media screen).
 */
export function MediaGrid({
  list,
  q,
  chosenId,
  onChoose,
  captions = false,
}: {
  list: ReturnType<typeof useMediaList>;
  q: string;
  chosenId: string | null;
  onChoose: (item: MediaItem) => void;
  captions?: boolean;
}) {
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isError && items.length === 0)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(list.error)}
      </p>
    );
  if (list.isPending) return <p className="text-sm text-muted">Loading pictures…</p>;
  if (items.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="media-empty">
        {q ? `No picture matches “${q}”.` : 'No pictures yet: upload the first.'}
      </p>
    );
  return (
    <div>
      <ul
        className={`grid grid-cols-3 gap-2 ${captions ? 'sm:grid-cols-4 lg:grid-cols-6' : 'sm:grid-cols-5'}`}
        aria-label="Pictures"
        aria-busy={list.isFetching}
      >
        {items.map((item) => (
          <li key={item.id} className="min-w-0">
            <button
              type="button"
              aria-pressed={chosenId === item.id}
              onClick={() => onChoose(item)}
              className={`block w-full text-left ${captions ? 'rounded-lg' : ''}`}
              data-testid="media-item"
            >
              <span
                className={`relative block aspect-square overflow-hidden rounded-lg border-2 bg-stone-100 ${
                  chosenId === item.id ? 'border-stone-900 ring-2 ring-stone-900' : 'border-transparent'
                }`}
              >
                <img
                  src={mediaThumbnail(item.path)}
                  alt={item.alt || item.name}
                  loading="lazy"
                  className={`h-full w-full object-cover ${isDeleted(item) ? 'opacity-60' : ''}`}
                />
                {isDeleted(item) && <DeletedBadge />}
              </span>
              {captions && (
                <span className="mt-1 block text-xs leading-tight">
                  <span className="block truncate font-medium">{item.name}</span>
                  <span className={`block ${isDeleted(item) ? 'text-amber-800' : 'truncate text-muted'}`}>
                    {usedSummary(item)}
                  </span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <LoadMore list={list} end={q ? 'That is every picture that matches.' : 'That is every picture.'} />
    </div>
  );
}

/** "Removed after 11:02 am" (deleted from its product), "Product picture", "Not used", "Used in 2 places". */
export function usedSummary(item: MediaItem): string {
  if (isDeleted(item)) return removedAfter(item);
  if (item.kind === 'product') return 'Product picture';
  const n = item.used_in.length;
  return n === 0 ? 'Not used' : n === 1 ? 'Used in 1 place' : `Used in ${n} places`;
}
