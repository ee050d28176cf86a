import type { ReactNode } from 'react';
import { ReorderList, ReorderRow } from './reorder-list';

/**
 * A ReorderList of plain rows, each named by `rowName` (its handle is "Move <name>") and shown by
 * `children` beside the handle: the FAQ questions and the testimonials. Rows never carry the
 * editors' "Check" mark.
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
  return (
    <ReorderList
      label={label}
      testId={testId}
      empty={empty}
      rows={rows.map((row) => ({ id: row.key, row }))}
      open={open}
      onOpen={onOpen}
      onMove={onMove}
    >
      {({ id, row }) => (
        <ReorderRow
          id={id}
          textValue={rowName(row)}
          moveLabel={`Move ${rowName(row)}`}
          testId={`row-${rowName(row)}`}
          dragTestId={`drag-${rowName(row)}`}
          flagged={false}
        >
          <span className="min-w-0 flex-1 py-2">{children(row)}</span>
        </ReorderRow>
      )}
    </ReorderList>
  );
}
