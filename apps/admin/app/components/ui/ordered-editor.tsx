import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { EditorCard } from '../../features/theme/fields';
import type { OpenRowProps, OrderedDraft } from '../../lib/use-ordered-draft';
import { Button } from './button';
import { SortableList } from './sortable-list';

/*
 * The shell of an editor built around an ordered list (FAQ questions, slides, form fields; its
 * state is lib/use-ordered-draft): the list's card, the open row's form beside it (under it on a
 * phone) with its Move and Remove buttons, and the two columns that hold them.
 */

/**
 * The editor's two columns from 1024 px (one on a phone): `children` (the editor's own cards and
 * its OrderedListCard), then the open row's `form` (made anew for each row), or, with none open,
 * how to open one.
 */
export function OrderedEditorLayout<T extends { key: string }>({
  draft,
  form,
  noun,
  stacked = false,
  children,
}: {
  draft: OrderedDraft<T>;
  form: (open: OpenRowProps<T>) => ReactNode;
  /** What a row is: "question". */
  noun: string;
  /** One column at every width (the editor sits beside a preview): the open row's form under the list. */
  stacked?: boolean;
  children: ReactNode;
}) {
  const open = draft.openRow;
  return (
    <div
      className={`flex flex-col gap-4 ${stacked ? '' : 'lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start'}`}
    >
      <div className="flex flex-col gap-4">{children}</div>
      {open ? (
        <Fragment key={open.row.key}>{form(open)}</Fragment>
      ) : (
        <p className={`card hidden p-5 text-sm text-muted ${stacked ? '' : 'lg:block'}`}>
          Choose a {noun} to edit it, or add one. Drag a {noun} by its handle to move it.
        </p>
      )}
    </div>
  );
}

/**
 * The list's card: the rows in the order shoppers see them (each named by the draft's `name`,
 * shown by `children`), the API's message for the list as a whole (test id `<path>-error`), and
 * `add` (the Add button, and any note beside it).
 */
export function OrderedListCard<T extends { key: string }>({
  title,
  draft,
  testId,
  add,
  children,
}: {
  /** "Questions": the card's title; the list is "Questions, in the order shoppers see them". */
  title: string;
  draft: OrderedDraft<T>;
  testId: string;
  add: ReactNode;
  children: (row: T) => ReactNode;
}) {
  const error = draft.errors[draft.path];
  return (
    <EditorCard title={title}>
      <SortableList
        label={`${title}, in the order shoppers see them`}
        rows={draft.rows}
        open={draft.open}
        onOpen={draft.toggle}
        onMove={draft.move}
        rowName={draft.name}
        empty={`No ${title.toLowerCase()} yet: add one below.`}
        testId={testId}
      >
        {children}
      </SortableList>
      {error && (
        <p className="text-sm font-medium text-red-700" data-testid={`${draft.path}-error`}>
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">{add}</div>
    </EditorCard>
  );
}

/**
 * The open row's form: `children` (its fields), then the buttons that move it (for the keyboard
 * and a phone, beside the list's drag and drop) and Remove, with test ids `<noun>-actions` and
 * `remove-<noun>`. On a phone it sits under the list: it comes into view when a row opens (the
 * editor keys it by the row).
 */
export function OpenRowCard({
  title,
  noun,
  moves,
  onRemove,
  children,
}: {
  title: string;
  noun: string;
  moves: OpenRowProps<unknown>['moves'];
  onRemove: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={ref} className="scroll-mt-20 scroll-mb-40 lg:sticky lg:top-20">
      <EditorCard title={title}>
        {children}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" data-testid={`${noun}-actions`}>
          <Button isDisabled={!moves.up} onPress={() => moves.up?.()} data-testid="move-up">
            Move up
          </Button>
          <Button isDisabled={!moves.down} onPress={() => moves.down?.()} data-testid="move-down">
            Move down
          </Button>
          <Button variant="danger" className="col-span-2" onPress={onRemove} data-testid={`remove-${noun}`}>
            Remove
          </Button>
        </div>
      </EditorCard>
    </div>
  );
}
