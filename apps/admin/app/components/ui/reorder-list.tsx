import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  DropIndicator,
  GridList,
  GridListItem,
  useDragAndDrop,
  type Key,
} from 'react-aria-components';

/** What an editor gives its reorder list: which row is open, and what choosing and moving one do. */
export interface ReorderListEvents {
  open: string | null;
  onOpen: (id: string) => void;
  /** Moves the row `id` to just before or after `target`. */
  onMove: (id: string, target: string, position: 'before' | 'after') => void;
  /** Ids of rows with an error or a warning (marked "Check"). */
  flagged: ReadonlySet<string>;
}

/**
 * A list of rows put in order by hand (a menu's items, a template's sections). Drag a row by its
 * handle to move it; from the keyboard, focus the handle, press Enter, move with the arrow keys
 * and press Enter again (react-aria's drag and drop, announced to screen readers). Choosing a row
 * opens it; the editor's Move buttons do the same moves for a phone.
 */
export function ReorderList<T extends { id: string }>({
  label,
  testId,
  empty,
  rows,
  open,
  onOpen,
  onMove,
  children,
}: {
  /** What the list is, for a screen reader: "Sections, in page order". */
  label: string;
  testId: string;
  /** Said when there are no rows. */
  empty: string;
  rows: T[];
  /** Each row: a ReorderRow. */
  children: (row: T) => ReactNode;
} & Omit<ReorderListEvents, 'flagged'>) {
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
      items={rows}
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
      {children}
    </GridList>
  );
}

/**
 * One row of a ReorderList: its drag handle ("Move …"), what it says, and a "Check" mark when
 * the row has an error or a warning.
 */
export function ReorderRow({
  id,
  textValue,
  moveLabel,
  testId,
  dragTestId,
  flagged,
  className = '',
  children,
  ...data
}: {
  id: string;
  /** What a screen reader reads for the row. */
  textValue: string;
  /** The handle's name: "Move Shop". */
  moveLabel: string;
  testId: string;
  dragTestId: string;
  flagged: boolean;
  className?: string;
  children: ReactNode;
  [dataAttribute: `data-${string}`]: string | number | undefined;
}) {
  return (
    <GridListItem
      id={id}
      textValue={textValue}
      className={`flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white pr-3 outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800 data-[selected]:border-stone-800 data-[selected]:bg-stone-50 ${className}`}
      data-testid={testId}
      {...data}
    >
      <AriaButton
        slot="drag"
        aria-label={moveLabel}
        className="flex min-h-12 w-10 shrink-0 cursor-grab items-center justify-center rounded-l-xl text-muted outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-stone-800"
        data-testid={dragTestId}
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
      {children}
      {flagged && (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
          data-testid={`flag-${id}`}
        >
          Check
        </span>
      )}
    </GridListItem>
  );
}
