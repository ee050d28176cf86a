import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  useDragAndDrop,
  type Key,
} from 'react-aria-components';

/**
 * A flat list whose rows are reordered by drag and drop: drag a row by its handle; from the
 * keyboard, focus the handle, press Enter, move with the arrow keys and press Enter again
 * (react-aria's drag and drop, as the menu editor's items). Choosing a row opens it (`onOpen`).
 */
export function SortableList<T extends { key: string }>({
  label,
  rows,
  open,
  onOpen,
  onMove,
  rowName,
  children,
  empty,
  testId,
}: {
  /** What the list is, for screen readers ("Questions, in the order shoppers see them"). */
  label: string;
  rows: readonly T[];
  open: string | null;
  onOpen: (key: string) => void;
  /** Moves the row `key` just before or after `target`. */
  onMove: (key: string, target: string, position: 'before' | 'after') => void;
  /** The row's name, read out and on its handle ("Move …"). */
  rowName: (row: T) => string;
  /** The row's text beside its handle. */
  children: (row: T) => ReactNode;
  empty: string;
  testId: string;
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
  return (
    <GridList
      aria-label={label}
      items={rows.map((r) => ({ id: r.key, row: r }))}
      selectionMode="single"
      selectedKeys={open ? [open] : []}
      onSelectionChange={(keys) => {
        const [key] = keys === 'all' ? [] : [...keys];
        if (key !== undefined) onOpen(String(key as Key));
      }}
      dragAndDropHooks={dragAndDropHooks}
      className="flex flex-col gap-1.5"
      data-testid={testId}
      renderEmptyState={() => <p className="p-4 text-sm text-muted">{empty}</p>}
    >
      {({ id, row }) => (
        <GridListItem
          id={id}
          textValue={rowName(row)}
          className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white pr-3 outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800 data-[selected]:border-stone-800 data-[selected]:bg-stone-50"
          data-testid={`row-${rowName(row)}`}
        >
          <AriaButton
            slot="drag"
            aria-label={`Move ${rowName(row)}`}
            className="flex min-h-12 w-10 shrink-0 cursor-grab items-center justify-center rounded-l-xl text-muted outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800"
            data-testid={`drag-${rowName(row)}`}
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
          <span className="min-w-0 flex-1 py-2">{children(row)}</span>
        </GridListItem>
      )}
    </GridList>
  );
}
