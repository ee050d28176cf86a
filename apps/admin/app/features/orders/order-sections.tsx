import type { AdminOrderDetail, Address } from '@shopfront/shared';
import { formatWhen } from '../../lib/format';

type Order = AdminOrderDetail;

export function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section className="card p-4 sm:p-5" data-testid={testId} aria-labelledby={testId && `${testId}-h`}>
      <h2 id={testId && `${testId}-h`} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The order's lines with their pictures, options and what has been shipped or refunded. */
export function Lines({ order }: { order: Order }) {
  return (
    <Section title={`Items (${order.lines.reduce((n, l) => n + l.quantity, 0)})`} testId="order-lines">
      <ul className="divide-y divide-line">
        {order.lines.map((l) => (
          <li key={l.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
            {l.image ? (
              <img
                src={l.image.url}
                alt={l.image.alt}
                className="size-16 shrink-0 rounded-xl bg-stone-100 object-cover"
              />
            ) : (
              <div className="size-16 shrink-0 rounded-xl bg-stone-100" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium">{l.name}</p>
              <p className="text-sm text-muted">
                {[l.variant_title, l.sku && `SKU ${l.sku}`].filter(Boolean).join(' · ')}
              </p>
              {l.custom_text && <p className="text-sm">“{l.custom_text}”</p>}
              <p className="text-sm text-muted">
                {l.quantity} × {l.unit_price.formatted}
                {l.shipped_quantity > 0 && ` · ${l.shipped_quantity} shipped`}
                {l.refund_requested_quantity > 0 && ` · ${l.refund_requested_quantity} refund asked`}
                {l.refunded_quantity > 0 && ` · ${l.refunded_quantity} refunded`}
              </p>
            </div>
            <p className="font-semibold tabular-nums">{l.total.formatted}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Totals({ order }: { order: Order }) {
  const t = order.totals;
  const rows: [string, string, boolean?][] = [
    ['Subtotal', t.subtotal.formatted],
    ...(t.coupon_discount.amount
      ? [
          [`Coupon${order.coupon_code ? ` ${order.coupon_code}` : ''}`, `−${t.coupon_discount.formatted}`] as [
            string,
            string,
          ],
        ]
      : []),
    [`Shipping (${order.shipping_method.name})`, t.shipping.formatted],
    ...(t.cod_fee.amount ? [['Cash on Delivery fee', t.cod_fee.formatted] as [string, string]] : []),
    ['Total', t.grand_total.formatted, true],
    ...(t.tax_included.amount ? [['Tax included', t.tax_included.formatted] as [string, string]] : []),
    ...(t.refunded.amount ? [['Refunded', `−${t.refunded.formatted}`] as [string, string]] : []),
  ];
  return (
    <Section title="Totals" testId="order-totals">
      <dl className="space-y-1.5 text-sm">
        {rows.map(([k, v, strong]) => (
          <div
            key={k}
            className={`flex justify-between gap-3 ${strong ? 'border-t border-line pt-2 text-base font-semibold' : ''}`}
          >
            <dt className={strong ? '' : 'text-muted'}>{k}</dt>
            <dd className="tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function Payments({ order }: { order: Order }) {
  return (
    <Section title={`Payment · ${order.payment_method.name}`} testId="order-payments">
      {order.payments.length === 0 ? (
        <p className="text-sm text-muted">
          {order.payment_method.kind === 'offline' ? 'Paid on delivery; nothing taken online.' : 'No payment yet.'}
        </p>
      ) : (
        <ul className="space-y-3 text-sm">
          {order.payments.map((p) => (
            <li key={p.id} className="rounded-xl bg-stone-50 p-3">
              <p className="flex justify-between gap-3 font-medium">
                <span>
                  {p.provider} · {p.status}
                  {p.paid_the_order && ' · paid the order'}
                </span>
                <span className="tabular-nums">{p.amount.formatted}</span>
              </p>
              <p className="mt-1 text-muted [overflow-wrap:anywhere]">
                {[
                  p.provider_payment_id && `Payment ${p.provider_payment_id}`,
                  p.provider_ref && `Ref ${p.provider_ref}`,
                ]
                  .filter(Boolean)
                  .join(' · ') || 'No provider reference'}
              </p>
              {p.refunded.amount > 0 && <p className="text-muted">Refunded {p.refunded.formatted}</p>}
              {p.failure_reason && <p className="text-red-800">{p.failure_reason}</p>}
              <p className="text-muted">{formatWhen(p.created_at)}</p>
            </li>
          ))}
        </ul>
      )}
      {order.payment_refunds.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {order.payment_refunds.map((r) => (
            <li key={r.id}>
              Refund {r.amount.formatted} · {r.status}
              {r.provider_refund_ref && ` · ${r.provider_refund_ref}`} · {formatWhen(r.created_at)}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AddressLines({ a }: { a: Address }) {
  return (
    <address className="text-sm not-italic">
      {a.first_name} {a.last_name}
      <br />
      {a.address_line_1}
      {a.address_line_2 && (
        <>
          <br />
          {a.address_line_2}
        </>
      )}
      {a.landmark && (
        <>
          <br />
          {a.landmark}
        </>
      )}
      <br />
      {a.city} {a.postcode}
      {a.state && `, ${a.state.name}`}
      <br />
      {a.country.name}
      <br />
      <a href={`tel:${a.phone}`} className="whitespace-nowrap underline underline-offset-2">
        {a.phone}
      </a>
    </address>
  );
}

const PLACE_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'address_line_1',
  'address_line_2',
  'landmark',
  'city',
  'postcode',
  'state_id',
  'country_id',
] as const;
const sameAddress = (a: Address, b: Address) => PLACE_FIELDS.every((k) => a[k] === b[k]);

export function Customer({ order }: { order: Order }) {
  const c = order.customer;
  return (
    <Section title="Customer" testId="order-customer">
      <p className="font-medium">{c.name}</p>
      <p className="text-sm break-all">
        {c.email && (
          <a href={`mailto:${c.email}`} className="underline underline-offset-2">
            {c.email}
          </a>
        )}
        {c.email && c.phone && ' · '}
        {c.phone && (
          <a href={`tel:${c.phone}`} className="whitespace-nowrap underline underline-offset-2">
            {c.phone}
          </a>
        )}
      </p>
      <p className="text-sm text-muted">
        {c.orders_count === null ? 'Guest' : `${c.orders_count} ${c.orders_count === 1 ? 'order' : 'orders'}`}
      </p>
      {order.note && <p className="mt-2 rounded-xl bg-amber-50 p-3 text-sm">Shopper’s note: {order.note}</p>}
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div>
          <h3 className="mb-1 text-sm font-semibold text-muted">Ship to</h3>
          <AddressLines a={order.shipping_address} />
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold text-muted">Bill to</h3>
          {sameAddress(order.shipping_address, order.billing_address) ? (
            <p className="text-sm">Same as the shipping address</p>
          ) : (
            <AddressLines a={order.billing_address} />
          )}
          {order.buyer_gstin && (
            <p className="mt-2 text-sm" data-testid="order-buyer-gstin">
              <span className="block font-medium">{order.buyer_business_name}</span>
              <span className="text-muted">GSTIN </span>
              <span className="font-mono">{order.buyer_gstin}</span>
            </p>
          )}
        </div>
      </div>
    </Section>
  );
}

export function Parcels({ order, onAddScan }: { order: Order; onAddScan?: (shipmentId: number) => void }) {
  if (order.shipments.length === 0) return null;
  const lineName = (id: number) => order.lines.find((l) => l.id === id)?.name ?? `Item ${id}`;
  return (
    <Section
      title={order.shipments.length === 1 ? 'Parcel' : `Parcels (${order.shipments.length})`}
      testId="order-parcels"
    >
      <ul className="space-y-4">
        {order.shipments.map((s) => (
          <li key={s.id} className="rounded-xl bg-stone-50 p-3 text-sm" data-testid="parcel">
            <p className="font-medium">
              {s.carrier} · <span className="break-all">{s.waybill}</span>
            </p>
            {s.tracking_url && (
              <a
                href={s.tracking_url}
                target="_blank"
                rel="noreferrer"
                className="break-all underline underline-offset-2"
              >
                Track the parcel
              </a>
            )}
            <p className="text-muted">{s.lines.map((l) => `${l.quantity} × ${lineName(l.item_id)}`).join(', ')}</p>
            {s.scans.length > 0 && (
              <ol className="mt-2 space-y-1 border-l-2 border-stone-300 pl-3">
                {s.scans.map((scan) => (
                  <li key={scan.id}>
                    <span className="font-medium">{scan.status}</span> · {scan.location}
                    {scan.description && ` · ${scan.description}`}
                    <span className="block text-muted">{formatWhen(scan.at)}</span>
                  </li>
                ))}
              </ol>
            )}
            {onAddScan && (
              <button
                type="button"
                onClick={() => onAddScan(s.id)}
                className="mt-2 min-h-11 font-medium underline underline-offset-2"
              >
                Add a scan
              </button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const ACTORS = { shopper: 'by the shopper', system: 'by the shop', gateway: 'by the payment provider' } as const;
/** "by Meera" for staff (their name), else who in words. */
const byWhom = (e: Order['history'][number]) =>
  e.actor === 'staff' ? (e.by ? `by ${e.by}` : 'by staff') : ACTORS[e.actor];

export function History({ order }: { order: Order }) {
  return (
    <Section title="History" testId="order-history">
      <ol className="space-y-3 border-l-2 border-stone-200 pl-4 text-sm">
        {order.history.map((e) => (
          <li key={e.id}>
            <p className="font-medium">{e.label}</p>
            {e.note && <p>{e.note}</p>}
            <p className="text-muted">
              {formatWhen(e.at)} · {byWhom(e)}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Messages({ order }: { order: Order }) {
  return (
    <Section title="Messages to the shopper" testId="order-messages">
      {order.messages.length === 0 ? (
        <p className="text-sm text-muted">None sent yet.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {order.messages.map((m) => (
            <li key={m.id}>
              <p className="font-medium">{m.subject}</p>
              <p className="break-all text-muted">
                {m.channel === 'sms' ? 'SMS' : 'E-mail'} to {m.recipient} · {m.status} ·{' '}
                {formatWhen(m.sent_at ?? m.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
