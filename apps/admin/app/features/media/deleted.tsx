import type { MediaItem } from '@shopfront/shared';
import { formatTime } from '../../lib/format';

/**
 * A product's picture deleted from its product whose delete can still be undone (the list's
 * `purge_after`): the library shows it, marked, until the clean-up decides. Content that shows it
 * then keeps it in the library; else it goes for good.
 */
export const isDeleted = (item: MediaItem): item is MediaItem & { purge_after: string } => item.purge_after !== null;

/** "Removed after 11:02 am" (the clean-up runs every few minutes from then). */
export const removedAfter = (item: MediaItem & { purge_after: string }) =>
  `Removed after ${formatTime(item.purge_after)}`;

/** The mark over a deleted picture's thumbnail (read with the picture's name as the button's name). */
export function DeletedBadge() {
  return (
    <span className="absolute left-1 top-1 rounded-full bg-stone-900/85 px-2 py-0.5 text-xs font-medium text-white">
      Deleted
    </span>
  );
}

/**
 * What happens to a deleted picture, said where it is looked at or chosen: `choosing` adds what
 * using it on a page does (the picker allows it: the library then keeps it).
 */
export function DeletedNotice({
  item,
  choosing = false,
}: {
  item: MediaItem & { purge_after: string };
  choosing?: boolean;
}) {
  const when = `Deleted from ${item.name} — removed after ${formatTime(item.purge_after)}.`;
  return (
    <div
      className={`rounded-lg bg-amber-50 text-amber-950 ring-1 ring-amber-200 ${choosing ? 'px-2 py-1.5 text-xs' : 'p-3 text-sm'}`}
      data-testid="media-deleted"
    >
      <p>
        <span className="font-medium">{when}</span>{' '}
        {choosing
          ? 'You can still use it: a page, post, slide or testimonial showing it keeps it in your media library.'
          : 'If a page, post, slide or testimonial shows it by then, it stays here in your media library instead.'}
      </p>
    </div>
  );
}
