import type { AdminBulkRow, BulkField } from '@shopfront/shared';
import type { Edits } from './model';

/** What both views of the grid get: the rows, the edits, the server's cell errors, and how to edit. */
export interface BulkViewProps {
  rows: readonly AdminBulkRow[];
  edits: Edits;
  serverErrors: Edits;
  currency: string;
  setCell: (row: AdminBulkRow, field: BulkField, text: string | null) => void;
}

/** A currency's symbol for a field's label (₹, AED). */
export function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat('en-IN', { style: 'currency', currency })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}
