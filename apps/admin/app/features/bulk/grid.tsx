import type { KeyboardEvent } from 'react';
import type { AdminBulkRow, BulkField } from '@shopfront/shared';
import { cellState, EDITABLE } from './model';
import { currencySymbol, type BulkViewProps } from './cell-props';

const COLUMNS: readonly BulkField[] = [...EDITABLE, 'published'];
const LABEL: Record<BulkField, string> = {
  price: 'Price',
  compare_at: 'Compare-at',
  stock: 'Stock',
  published: 'Published',
};

/** Focus the cell at (r, c), or the next one that exists going the same way (published sits on a product's first row). */
function focusCell(table: HTMLElement, r: number, c: number, dr: number, dc: number): void {
  for (let i = 0; i < 200; i++) {
    const el = table.querySelector<HTMLInputElement>(`[data-cell="${r}:${c}"]`);
    if (el) {
      el.focus();
      if (el.type === 'text') el.select();
      return;
    }
    if (r < 0 || c < 0 || c >= COLUMNS.length) return;
    r += dr;
    c += dc;
    if (dr === 0 && dc === 0) return;
  }
}

/**
 * The desktop grid: a spreadsheet of variants. Every cell is an input: typing edits it, arrow keys
 * move between cells (left and right once the caret is at the text's edge), Enter goes down
 * (Shift+Enter up), Tab goes on, Escape puts the cell back. An edited cell is tinted and its
 * error shows beside it.
 */
export function BulkGrid({ rows, edits, serverErrors, currency, setCell }: BulkViewProps) {
  const onKey = (e: KeyboardEvent<HTMLInputElement>, r: number, c: number, row: AdminBulkRow) => {
    const table = e.currentTarget.closest('table')!;
    const el = e.currentTarget;
    const atStart = el.type !== 'text' || (el.selectionStart === 0 && el.selectionEnd === 0);
    const atEnd = el.type !== 'text' || (el.selectionStart === el.value.length && el.selectionEnd === el.value.length);
    const all = el.type === 'text' && el.selectionStart === 0 && el.selectionEnd === el.value.length;
    let move: [number, number] | null = null;
    if (e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)) move = [1, 0];
    else if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) move = [-1, 0];
    else if (e.key === 'ArrowLeft' && (atStart || all)) move = [0, -1];
    else if (e.key === 'ArrowRight' && (atEnd || all)) move = [0, 1];
    else if (e.key === 'Escape') {
      setCell(row, COLUMNS[c]!, null);
      return;
    }
    if (!move) return;
    e.preventDefault();
    focusCell(table, r + move[0], c + move[1], move[0], move[1]);
  };

  const symbol = currencySymbol(currency);
  return (
    <div className="card overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid="bulk-grid">
        <thead className="bg-stone-50 text-left text-xs font-medium text-muted">
          <tr>
            <th className="px-3 py-2">Product</th>
            <th className="px-3 py-2">Variant · SKU</th>
            <th className="w-36 px-2 py-2">Price ({symbol})</th>
            <th className="w-36 px-2 py-2">Compare-at ({symbol})</th>
            <th className="w-28 px-2 py-2">Stock</th>
            <th className="w-24 px-2 py-2">Published</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => {
            const first = r === 0 || rows[r - 1]!.product_id !== row.product_id;
            return (
              <tr key={row.variant_id} className={first ? 'border-t border-line' : ''} data-testid="bulk-row">
                <td className="px-3 py-1.5 align-top">
                  {first && <span className="font-medium">{row.product_title}</span>}
                </td>
                <td className="px-3 py-1.5 align-top">
                  <span className="block">{row.variant_title}</span>
                  <span className="block text-xs text-muted">{row.sku}</span>
                </td>
                {COLUMNS.map((field, c) => {
                  const s = cellState(row, field, edits, serverErrors);
                  const name = `${LABEL[field]}, ${row.product_title} ${row.variant_title}`;
                  const errorId = `err-${row.variant_id}-${field}`;
                  if (field === 'published') {
                    return (
                      <td key={field} className="px-2 py-1.5 align-top">
                        {first && (
                          <input
                            type="checkbox"
                            data-cell={`${r}:${c}`}
                            aria-label={`Published, ${row.product_title}`}
                            className={`size-5 accent-brand ${s.edited ? 'outline-2 outline-amber-500' : ''}`}
                            checked={s.text === 'yes'}
                            onChange={(e) => setCell(row, field, e.target.checked ? 'yes' : 'no')}
                            onKeyDown={(e) => onKey(e, r, c, row)}
                          />
                        )}
                        {first && s.error && (
                          <p className="mt-1 text-xs text-red-700" role="alert">
                            {s.error}
                          </p>
                        )}
                      </td>
                    );
                  }
                  const noPrice = field !== 'stock' && row.price_minor === null;
                  return (
                    <td key={field} className="px-2 py-1.5 align-top">
                      <input
                        type="text"
                        inputMode={field === 'stock' ? 'numeric' : 'decimal'}
                        data-cell={`${r}:${c}`}
                        data-edited={s.edited || undefined}
                        aria-label={name}
                        aria-invalid={s.error ? true : undefined}
                        aria-describedby={s.error ? errorId : undefined}
                        disabled={noPrice}
                        placeholder={noPrice ? 'No price' : field === 'compare_at' ? '—' : undefined}
                        className={`w-full rounded-lg border px-2 py-1.5 text-right tabular-nums outline-none focus:border-brand ${
                          s.error
                            ? 'border-red-600 bg-red-50'
                            : s.edited
                              ? 'border-amber-500 bg-amber-50'
                              : 'border-stone-200 hover:border-stone-400'
                        }`}
                        value={s.text}
                        onChange={(e) => setCell(row, field, e.target.value)}
                        onKeyDown={(e) => onKey(e, r, c, row)}
                        onFocus={(e) => e.target.select()}
                      />
                      {s.error && (
                        <p id={errorId} className="mt-1 text-xs text-red-700">
                          {s.error}
                        </p>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
