import type { ReactNode } from 'react';
import type { OrderDetail } from '@shopfront/shared';
import { LocalTime } from '../../components/local-time';
import { GivenRating } from './rating-form';

const latestScan = (s: OrderDetail['shipments'][number]) =>
  [...s.scans].sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0];

/** A part of the record under its small heading (which names the section). */
function RecordSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-body text-xs font-semibold tracking-wide text-muted uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** What has happened to an order since: its parcels, its history, its refunds and the rating given. */
export function OrderRecord({ order }: { order: OrderDetail }) {
  const refundLine = (itemId: number) => order.productchannel.find((i) => i.id === itemId)?.product.name ?? 'Item';
  return (
    <>
      {order.shipments.length > 0 && (
        <RecordSection id={`${order.id}-parcels`} title="Parcels">
          <ul className="mt-2 space-y-2">
            {order.shipments.map((s) => (
              <li key={s.waybill} className="rounded-xl border border-ink/10 px-4 py-3">
                <span className="font-semibold">{s.carrier}</span> · <span className="font-mono">{s.waybill}</span>
                {latestScan(s) && <span className="block text-muted">{latestScan(s)!.status}</span>}
              </li>
            ))}
          </ul>
        </RecordSection>
      )}

      {order.history.length > 0 && (
        <RecordSection id={`${order.id}-history`} title="History">
          <ol className="mt-2 space-y-3 border-l-2 border-ink/10 pl-4" data-testid="order-history">
            {order.history.map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <p className="font-semibold">{e.label}</p>
                <p className="text-muted">
                  <LocalTime iso={e.at} />
                </p>
                {e.note && <p className="text-ink/80">{e.note}</p>}
              </li>
            ))}
          </ol>
        </RecordSection>
      )}

      {order.refunds.length > 0 && (
        <RecordSection id={`${order.id}-refunds`} title="Refunds">
          <ul className="mt-2 space-y-2" data-testid="order-refunds">
            {order.refunds.map((r) => (
              <li key={r.id} className="flex justify-between gap-3 rounded-xl border border-ink/10 px-4 py-3">
                <span className="min-w-0">
                  <span className="block truncate font-medium">
                    {r.quantity} × {refundLine(r.item_id)}
                  </span>
                  <span className="block text-muted capitalize">{r.status}</span>
                </span>
                <span className="tabular-nums">{r.amount.formatted}</span>
              </li>
            ))}
          </ul>
        </RecordSection>
      )}

      {order.rating && (
        <section>
          <h3 className="font-body text-xs font-semibold tracking-wide text-muted uppercase">Your rating</h3>
          <GivenRating rating={order.rating.rating} comment={order.rating.comment} />
        </section>
      )}
    </>
  );
}
