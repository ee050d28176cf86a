import type { AdminBulkRow } from '@shopfront/shared';
import { cellState } from './model';
import { currencySymbol, type BulkViewProps } from './cell-props';

/** The rows grouped by product, in order. */
function byProduct(rows: readonly AdminBulkRow[]): AdminBulkRow[][] {
  const groups: AdminBulkRow[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last[0]!.product_id === row.product_id) last.push(row);
    else groups.push([row]);
  }
  return groups;
}

const edgeClass = (edited: boolean, error: string | null) =>
  error ? 'border-red-600 bg-red-50' : edited ? 'border-amber-500 bg-amber-50' : 'border-stone-300 bg-white';

/**
 * The phone's bulk editor: a card per product (its published switch) with a block per variant:
 * a big stock stepper in the thumb's reach (−, + and +10 of 48 px, the count typed in between) and the
 * price fields under it. An edited value is tinted and says what it was.
 */
export function BulkCards({ rows, edits, serverErrors, currency, setCell }: BulkViewProps) {
  const symbol = currencySymbol(currency);
  return (
    <div className="space-y-3" data-testid="bulk-cards">
      {byProduct(rows).map((variants) => {
        const head = variants[0]!;
        const pub = cellState(head, 'published', edits, serverErrors);
        return (
          <section key={head.product_id} className="card overflow-hidden" aria-label={head.product_title}>
            <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
              <h2 className="line-clamp-2 min-w-0 font-semibold">{head.product_title}</h2>
              <label
                className={`flex min-h-11 items-center gap-2 rounded-xl border px-3 text-sm ${edgeClass(pub.edited, pub.error)}`}
              >
                <input
                  type="checkbox"
                  aria-label={`Published, ${head.product_title}`}
                  className="size-5 accent-brand"
                  checked={pub.text === 'yes'}
                  onChange={(e) => setCell(head, 'published', e.target.checked ? 'yes' : 'no')}
                />
                Published
              </label>
            </header>
            {pub.error && <p className="px-4 pt-2 text-sm text-red-700">{pub.error}</p>}
            <ul className="divide-y divide-line">
              {variants.map((row) => (
                <VariantCard key={row.variant_id} row={row} symbol={symbol} {...{ edits, serverErrors, setCell }} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function VariantCard({
  row,
  symbol,
  edits,
  serverErrors,
  setCell,
}: { row: AdminBulkRow; symbol: string } & Pick<BulkViewProps, 'edits' | 'serverErrors' | 'setCell'>) {
  const stock = cellState(row, 'stock', edits, serverErrors);
  const price = cellState(row, 'price', edits, serverErrors);
  const compare = cellState(row, 'compare_at', edits, serverErrors);
  const n = /^\d+$/.test(stock.text.trim()) ? Number(stock.text) : row.stock;
  const step = (d: number) => setCell(row, 'stock', String(Math.max(0, n + d)));
  const label = `${row.product_title} ${row.variant_title}`;
  const noPrice = row.price_minor === null;
  return (
    <li className="space-y-3 px-4 py-3" data-testid="bulk-card">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-medium">{row.variant_title}</span>
        <span className="truncate text-xs text-muted">{row.sku}</span>
      </div>
      <div>
        <div className="flex items-center gap-2">
          <span className="w-14 text-sm text-muted">Stock</span>
          <button
            type="button"
            className="btn btn-outline size-12 shrink-0 p-0 text-xl"
            aria-label={`One less, ${label}`}
            onClick={() => step(-1)}
            disabled={n <= 0}
          >
            −
          </button>
          <input
            type="text"
            inputMode="numeric"
            aria-label={`Stock, ${label}`}
            aria-invalid={stock.error ? true : undefined}
            className={`h-12 w-full min-w-0 rounded-xl border text-center text-lg font-semibold tabular-nums outline-none focus:border-brand ${edgeClass(stock.edited, stock.error)}`}
            value={stock.text}
            onChange={(e) => setCell(row, 'stock', e.target.value)}
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="btn btn-outline size-12 shrink-0 p-0 text-xl"
            aria-label={`One more, ${label}`}
            onClick={() => step(1)}
          >
            +
          </button>
          <button
            type="button"
            className="btn btn-outline h-12 shrink-0 px-2 text-base font-semibold"
            aria-label={`+10, ${label}`}
            onClick={() => step(10)}
          >
            +10
          </button>
        </div>
        {stock.edited && !stock.error && <p className="mt-1 pl-16 text-xs text-amber-800">Was {row.stock}</p>}
        {stock.error && <p className="mt-1 pl-16 text-sm text-red-700">{stock.error}</p>}
      </div>
      <div className="grid grid-cols-2 gap-2">
        {(
          [
            ['price', 'Price', price],
            ['compare_at', 'Compare-at', compare],
          ] as const
        ).map(([field, name, s]) => (
          <label key={field} className="block text-sm text-muted">
            {name} ({symbol})
            <input
              type="text"
              inputMode="decimal"
              aria-label={`${name}, ${label}`}
              aria-invalid={s.error ? true : undefined}
              disabled={noPrice}
              placeholder={noPrice ? 'No price' : field === 'compare_at' ? 'None' : undefined}
              className={`mt-1 h-11 w-full rounded-xl border px-3 text-base text-ink tabular-nums outline-none focus:border-brand ${edgeClass(s.edited, s.error)}`}
              value={s.text}
              onChange={(e) => setCell(row, field, e.target.value)}
            />
            {s.error && <span className="mt-1 block text-sm text-red-700">{s.error}</span>}
          </label>
        ))}
      </div>
    </li>
  );
}
