import {
  adminBulkMessages,
  bulkCellError,
  bulkCellKey,
  type AdminBulkCell,
  type AdminBulkRow,
  type BulkField,
} from '@shopfront/shared';
import { minorToInput, parseMoney } from '../catalog/money';

/**
 * The grid's unsaved edits: what the owner typed per cell (`<row>.<field>`, the API's error key),
 * checked as typed with the server's own rules. A cell typed back to its old value is no edit.
 */
export type Edits = Readonly<Record<string, string>>;

export const EDITABLE = ['price', 'compare_at', 'stock'] as const;
export type EditableField = (typeof EDITABLE)[number];

/** What a row shows in a cell before any edit, as text. */
export function shown(row: AdminBulkRow, field: BulkField): string {
  if (field === 'price') return minorToInput(row.price_minor);
  if (field === 'compare_at') return minorToInput(row.compare_at_minor);
  if (field === 'stock') return String(row.stock);
  return row.published ? 'yes' : 'no';
}

const wasOf = (row: AdminBulkRow, field: BulkField): AdminBulkCell['was'] =>
  field === 'price'
    ? row.price_minor
    : field === 'compare_at'
      ? row.compare_at_minor
      : field === 'stock'
        ? row.stock
        : row.published;

/** The typed text as the cell's value: NaN when it is no number. */
function parse(field: BulkField, text: string): AdminBulkCell['value'] | typeof Number.NaN {
  if (field === 'published') return text === 'yes';
  if (field === 'stock')
    return /^\s*\d+\s*$/.test(text) ? Number(text) : text.trim() === '' ? Number.NaN : Number(text);
  const n = parseMoney(text);
  return field === 'price' && n === null ? Number.NaN : n;
}

/** The row a cell belongs to in the API's terms (published is the product's). */
export const rowIdOf = (row: AdminBulkRow, field: BulkField) =>
  field === 'published' ? row.product_id : row.variant_id;
export const keyOf = (row: AdminBulkRow, field: BulkField) => bulkCellKey(rowIdOf(row, field), field);

export interface CellState {
  text: string;
  edited: boolean;
  error: string | null;
}

/** A cell as it stands: its text, whether it is an edit, and its own error. */
export function cellState(row: AdminBulkRow, field: BulkField, edits: Edits, serverErrors: Edits): CellState {
  const key = keyOf(row, field);
  const text = edits[key] ?? shown(row, field);
  const edited = key in edits && text !== shown(row, field);
  if (!edited) return { text, edited, error: serverErrors[key] ?? null };
  const value = parse(field, text);
  if (typeof value === 'number' && Number.isNaN(value)) {
    return {
      text,
      edited,
      error: field === 'stock' ? adminBulkMessages.stock : 'Enter an amount, such as 1299.50',
    };
  }
  const price = field === 'compare_at' ? priceAfter(row, edits) : undefined;
  return { text, edited, error: bulkCellError(field, value, price) ?? serverErrors[key] ?? null };
}

function priceAfter(row: AdminBulkRow, edits: Edits): number | null {
  const typed = edits[keyOf(row, 'price')];
  if (typed === undefined) return row.price_minor;
  const n = parseMoney(typed);
  return typeof n === 'number' && !Number.isNaN(n) ? n : row.price_minor;
}

/** The batch to send: every edited cell (a published cell once per product), with what the grid showed. */
export function cellsOf(rows: readonly AdminBulkRow[], edits: Edits): AdminBulkCell[] {
  const out: AdminBulkCell[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const field of [...EDITABLE, 'published'] as const) {
      const key = keyOf(row, field);
      if (seen.has(key) || !(key in edits) || edits[key] === shown(row, field)) continue;
      seen.add(key);
      out.push({
        row: rowIdOf(row, field),
        field,
        value: parse(field, edits[key]!) as AdminBulkCell['value'],
        was: wasOf(row, field),
      });
    }
  }
  return out;
}

/** How many edited cells have an error of their own. */
export function invalidCount(rows: readonly AdminBulkRow[], edits: Edits): number {
  const seen = new Set<string>();
  let n = 0;
  for (const row of rows) {
    for (const field of [...EDITABLE, 'published'] as const) {
      const key = keyOf(row, field);
      if (seen.has(key)) continue;
      seen.add(key);
      const s = cellState(row, field, edits, {});
      if (s.edited && s.error) n++;
    }
  }
  return n;
}
