import { useState } from 'react';
import { ApiError } from '@shopfront/shared';
import { errorText, fieldErrors } from './api';
import { moveTo, stepBy } from './reorder';
import { failure, success } from './toast';

/** What the open row's form takes: the row, its messages by its own field names, and its moves. */
export interface OpenRowProps<T> {
  row: T;
  errors: Record<string, string>;
  /** Move up / Move down; null at either end. */
  moves: Record<'up' | 'down', (() => void) | null>;
  onChange: (change: Partial<T>) => void;
  onRemove: () => void;
}

/**
 * The working copy of an editor built around an ordered list (a FAQ group's questions, a slider's
 * slides, a form's fields): the rows as last saved and as edited, the open row, the API's
 * messages by field, and the message of a save refused because someone else saved first (409).
 * `path` is the list's name in the API's body: its message `items.2.answer` is row 2's `answer`.
 * `name` is a row's name in the list and in "… removed". Every edit clears the last save's
 * messages. The editor keeps its own other fields, its save and its delete.
 */
export function useOrderedDraft<T extends { key: string }>(opts: {
  saved: () => T[];
  path: string;
  name: (row: T) => string;
}) {
  const { path } = opts;
  const [start, setStart] = useState(opts.saved);
  const [rows, setRows] = useState<T[]>(start);
  const [open, setOpen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);

  const edit = (change: (list: T[]) => T[]) => {
    setErrors({});
    setRows(change);
  };
  const index = open ? rows.findIndex((r) => r.key === open) : -1;
  const current = index >= 0 ? rows[index] : undefined;
  const errorsOf = (i: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`${path}.${i}.`))
        .map(([k, v]) => [k.split('.').slice(2).join('.'), v]),
    );
  const step = (key: string, delta: -1 | 1) => () => edit((list) => stepBy(list, key, delta));
  const openRow: OpenRowProps<T> | null = current
    ? {
        row: current,
        errors: errorsOf(index),
        moves: {
          up: index > 0 ? step(current.key, -1) : null,
          down: index < rows.length - 1 ? step(current.key, 1) : null,
        },
        onChange: (change) => edit((list) => list.map((r) => (r.key === current.key ? { ...r, ...change } : r))),
        // Undo puts it back where it was.
        onRemove: () => {
          edit((list) => list.filter((r) => r.key !== current.key));
          setOpen(null);
          void success(`“${opts.name(current)}” removed`, undefined, {
            run: () =>
              edit((list) => (list.some((r) => r.key === current.key) ? list : list.toSpliced(index, 0, current))),
          });
        },
      }
    : null;

  return {
    path,
    name: opts.name,
    start,
    rows,
    open,
    /** The open row, as its form takes it; null when none is open. */
    openRow,
    /** Keys of rows with a message (marked "Check"). */
    flagged: new Set(rows.filter((_, i) => Object.keys(errorsOf(i)).length).map((r) => r.key)),
    errors,
    conflict,
    clearErrors: () => setErrors({}),
    /** Opens a row, or closes it when it is open. */
    toggle: (key: string) => setOpen(key === open ? null : key),
    /** Drag and drop: the row `key` just before or after `target`. */
    move: (key: string, target: string, position: 'before' | 'after') =>
      edit((list) => moveTo(list, key, target, position)),
    /** Appends a new row and opens it. */
    add: (row: T) => {
      edit((list) => [...list, row]);
      setOpen(row.key);
    },
    /** Takes rows as edits (a version History restores): the saved rows stay, nothing open, no messages. */
    replace: (list: T[]) => {
      setRows(list);
      setOpen(null);
      setErrors({});
    },
    /** Takes a saved version's rows: nothing open, no messages, no conflict. */
    reset: (list: T[]) => {
      setStart(list);
      setRows(list);
      setOpen(null);
      setErrors({});
      setConflict(null);
    },
    /** Back to the rows as saved (the editor puts back its other fields). */
    discard: () => {
      setRows(start);
      setErrors({});
    },
    /** A refused save: a 409 as the conflict; else the messages by field, the first flagged row opened. */
    failed: (err: unknown) => {
      if (err instanceof ApiError && err.status === 409) return setConflict(err.message);
      const byField = fieldErrors(err);
      setErrors(byField);
      if (!Object.keys(byField).length) void failure(errorText(err));
      const first = Object.keys(byField).find((k) => k.startsWith(`${path}.`));
      const row = first ? rows[Number(first.split('.')[1])] : undefined;
      if (row) setOpen(row.key);
    },
  };
}

export type OrderedDraft<T extends { key: string }> = ReturnType<typeof useOrderedDraft<T>>;
