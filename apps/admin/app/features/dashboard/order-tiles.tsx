import { Link } from 'react-router';
import type { AdminOrderTab } from '@shopfront/shared';
import { useOrderCounts } from './queries';

const TILES: { tab: AdminOrderTab; label: (n: number) => string; hint: string }[] = [
  { tab: 'to_pack', label: () => 'to pack', hint: 'Confirmed, waiting to be packed' },
  { tab: 'to_ship', label: () => 'to ship', hint: 'Packed, waiting for a waybill' },
  {
    tab: 'refund_requested',
    label: (n) => (n === 1 ? 'refund request' : 'refund requests'),
    hint: 'Waiting for your answer',
  },
];

/**
 * The work waiting, as big tiles a thumb can hit: each opens its tab of the orders inbox.
 * `refunds`: also the refund requests (a packer does not answer them).
 */
export function OrderTiles({ refunds }: { refunds: boolean }) {
  const counts = useOrderCounts();
  const tiles = refunds ? TILES : TILES.slice(0, 2);
  return (
    <ul className={`grid grid-cols-2 gap-3 ${refunds ? 'sm:grid-cols-3' : ''}`} data-testid="order-tiles">
      {tiles.map((t, i) => {
        const n = counts.data?.[t.tab];
        const urgent = t.tab === 'refund_requested' && (n ?? 0) > 0;
        return (
          <li key={t.tab} className={refunds && i === 2 ? 'col-span-2 sm:col-span-1' : ''}>
            <Link
              to={`/orders?tab=${t.tab}`}
              data-testid={`tile-${t.tab}`}
              className={`card flex min-h-24 flex-col justify-between p-4 hover:border-stone-400 ${urgent ? 'border-amber-300 bg-amber-50' : ''}`}
            >
              <span className="flex items-baseline gap-2">
                <span className="text-3xl font-semibold tabular-nums" aria-busy={counts.isPending}>
                  {n ?? '–'}
                </span>
                <span className="font-medium">{t.label(n ?? 0)}</span>
              </span>
              <span className="text-sm text-muted">{t.hint}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
