import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  useDragAndDrop,
  type Key,
} from 'react-aria-components';
import { rows, type EditItem } from './tree';

/**
 * The menu's items in reading order, sub-items indented under their item. Drag a row by its
 * handle to move it; from the keyboard, focus the handle, press Enter, move with the arrow keys
 * and press Enter again (react-aria's drag and drop, as the template editor's sections). Choosing
 * a row opens its form.
 */
export function ItemList({
  items,
  open,
  onOpen,
  onMove,
  flagged,
}: {
  items: EditItem[];
  open: string | null;
  onOpen: (key: string) => void;
  /** Moves the item `key` just before or after `target`. */
  onMove: (key: string, target: string, position: 'before' | 'after') => void;
  /** Keys of items with an error from the API. */
  flagged: ReadonlySet<string>;
}) {
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) => {
      const [key] = [...e.keys];
      if (key !== undefined && e.target.dropPosition !== 'on') {
        onMove(String(key), String(e.target.key), e.target.dropPosition);
      }
    },
    renderDropIndicator: (target) => (
      <DropIndicator target={target} className="h-0.5 rounded-full bg-transparent data-[drop-target]:bg-stone-800" />
    ),
  });
  const list = rows(items);
  return (
    <GridList
      aria-label="Menu items, in menu order"
      items={list.map((r) => ({ id: r.item.key, ...r }))}
      selectionMode="single"
      selectedKeys={open ? [open] : []}
      onSelectionChange={(keys) => {
        const [key] = keys === 'all' ? [] : [...keys];
        if (key !== undefined) onOpen(String(key as Key));
      }}
      dragAndDropHooks={dragAndDropHooks}
      className="flex flex-col gap-1.5"
      data-testid="menu-items"
      renderEmptyState={() => <p className="p-4 text-sm text-muted">No items yet: add one below.</p>}
    >
      {({ id, item, depth }) => (
        <GridListItem
          id={id}
          textValue={depth ? `${item.label || 'New item'}, under the item above` : item.label || 'New item'}
          className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white pr-3 outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800 data-[selected]:border-stone-800 data-[selected]:bg-stone-50 ${depth ? 'ml-8' : ''}`}
          data-testid={`item-${item.label || 'new'}`}
          data-depth={depth}
        >
          <AriaButton
            slot="drag"
            aria-label={`Move ${item.label || 'new item'}`}
            className="flex min-h-12 w-10 shrink-0 cursor-grab items-center justify-center rounded-l-xl text-muted outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800"
            data-testid={`drag-${item.label || 'new'}`}
          >
            <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
              <path
                d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinecap="round"
              />
            </svg>
          </AriaButton>
          <span className="min-w-0 flex-1 py-2">
            <span className={`block truncate text-sm font-semibold ${item.label ? '' : 'text-muted italic'}`}>
              {item.label || 'New item'}
            </span>
            <span className="block truncate text-xs text-muted">{linkText(item)}</span>
          </span>
          {flagged.has(id) && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Check</span>
          )}
        </GridListItem>
      )}
    </GridList>
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
