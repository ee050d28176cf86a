import { ReorderList, ReorderRow, type ReorderListEvents } from '../../components/ui/reorder-list';
import { rows, type EditItem } from './tree';

/**
 * The menu's items in reading order, sub-items indented under their item, moved by drag and drop
 * (or the keyboard) as the template editor's sections. Choosing a row opens its form.
 */
export function ItemList({ items, open, onOpen, onMove, flagged }: { items: EditItem[] } & ReorderListEvents) {
  return (
    <ReorderList
      label="Menu items, in menu order"
      testId="menu-items"
      empty="No items yet: add one below."
      rows={rows(items).map((r) => ({ id: r.item.key, ...r }))}
      open={open}
      onOpen={onOpen}
      onMove={onMove}
    >
      {({ id, item, depth }) => (
        <ReorderRow
          id={id}
          textValue={depth ? `${item.label || 'New item'}, under the item above` : item.label || 'New item'}
          moveLabel={`Move ${item.label || 'new item'}`}
          testId={`item-${item.label || 'new'}`}
          dragTestId={`drag-${item.label || 'new'}`}
          flagged={flagged.has(id)}
          className={depth ? 'ml-8' : ''}
          data-depth={depth}
        >
          <span className="min-w-0 flex-1 py-2">
            <span className={`block truncate text-sm font-semibold ${item.label ? '' : 'text-muted italic'}`}>
              {item.label || 'New item'}
            </span>
            <span className="block truncate text-xs text-muted">{linkText(item)}</span>
          </span>
        </ReorderRow>
      )}
    </ReorderList>
  );
}

/** What a row says it links to. */
export function linkText(item: Pick<EditItem, 'link_type' | 'link'>): string {
  if (!item.link) return 'No link yet';
  return item.link_type === 'url' ? item.link : `${LINK_TYPE_LABELS[item.link_type]}: ${item.link}`;
}

export const LINK_TYPE_LABELS = {
  url: 'An address',
  page: 'Page',
  category: 'Category',
  collection: 'Collection',
} as const;
