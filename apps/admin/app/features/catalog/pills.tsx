import type { AdminProductRow } from '@shopfront/shared';
import { STATUS_LABELS } from './filters';

const STATUS_TONE: Record<AdminProductRow['status'], string> = {
  draft: 'bg-stone-100 text-stone-700',
  published: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-800',
  archived: 'bg-stone-200 text-stone-600',
};

export function StatusPill({ status }: { status: AdminProductRow['status'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

const STOCK_TONE = { in_stock: 'text-emerald-800', low: 'text-amber-800', out: 'text-red-700' } as const;

/** "48 in stock", "220 in stock · 1 running low · 2 sold out", "Out of stock". */
export function StockState({
  row,
}: {
  row: Pick<AdminProductRow, 'stock_state' | 'stock_total' | 'low_variants' | 'out_variants'>;
}) {
  const parts =
    row.stock_state === 'out'
      ? ['Out of stock']
      : [
          `${row.stock_total} in stock`,
          ...(row.low_variants > 0 ? [`${row.low_variants} running low`] : []),
          ...(row.out_variants > 0 ? [`${row.out_variants} sold out`] : []),
        ];
  return <span className={`text-sm font-medium ${STOCK_TONE[row.stock_state]}`}>{parts.join(' · ')}</span>;
}
