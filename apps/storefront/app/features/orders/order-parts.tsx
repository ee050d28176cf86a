import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { refundedLabel, type Order, type OrderItem } from '@shopfront/shared';
import { ResponsiveImage } from '../../components/responsive-image';
import type { ShownAddress } from '../addresses/address-mapping';
import { statusLabel, statusTone } from './order-view';

const TONES = {
  progress: 'bg-sky-50 text-sky-800 ring-sky-200',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  problem: 'bg-red-50 text-red-800 ring-red-200',
  closed: 'bg-ink/[0.05] text-ink/80 ring-ink/15',
} as const;

/** The order's status as a coloured badge (the label is the API's). */
export function StatusBadge({ order }: { order: Pick<Order, 'status'> & { status_label?: string } }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[statusTone(order.status)]}`}
      data-status={order.status}
      data-testid="order-status"
    >
      {statusLabel(order)}
    </span>
  );
}

/** A small square image of a line (or a blank tile). */
export function LineThumb({ item, size = 'size-14' }: { item: Pick<OrderItem, 'product'>; size?: string }) {
  return (
    <span className={`relative ${size} shrink-0 overflow-hidden rounded-lg bg-surface`}>
      {item.product.image && (
        <ResponsiveImage
          src={item.product.image.url}
          alt={item.product.image.alt || item.product.name}
          width={200}
          height={200}
          sizes={{ base: '64px' }}
          fallbackWidth={320}
          className="size-full object-cover"
        />
      )}
    </span>
  );
}

const variantOf = (i: Pick<OrderItem, 'variant_title' | 'options'>) => {
  const title = i.variant_title.trim();
  if (title && title.toLowerCase() !== 'default') return title;
  return Object.values(i.options).filter(Boolean).join(' / ');
};

/** The lines of an order as bought: image, name, variant, customisation, quantity and price. */
export function OrderLines({
  order,
  linkProducts = true,
}: {
  order: Pick<Order, 'productchannel'>;
  linkProducts?: boolean;
}) {
  return (
    <ul className="divide-y divide-ink/10" data-testid="order-lines">
      {order.productchannel.map((i) => (
        <li key={i.id} className="flex items-center gap-3 py-3">
          <LineThumb item={i} />
          <span className="min-w-0 flex-1 text-sm">
            {linkProducts ? (
              // Padded to 44 px tall for the thumb; the negative margin keeps the lines as they were.
              <Link to={i.product.url} className="-my-3 block truncate py-3 font-medium hover:underline">
                {i.product.name}
              </Link>
            ) : (
              <span className="block truncate font-medium">{i.product.name}</span>
            )}
            {variantOf(i) && <span className="block text-muted">{variantOf(i)}</span>}
            {i.additonal_data?.custom_text && (
              <span className="block truncate text-muted">“{i.additonal_data.custom_text}”</span>
            )}
            <span className="block text-muted">
              Qty {i.quantity} × {i.unit_price.formatted}
            </span>
          </span>
          {/* Before the coupon, which the totals below take off once: the lines add up to the subtotal. */}
          <span className="text-sm font-medium tabular-nums" data-testid="line-amount">
            {i.subtotal.formatted}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, value, tone = 'text-ink' }: { label: ReactNode; value: ReactNode; tone?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className={`text-right tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/** The order's totals as charged (snapshots: later price changes do not touch them). */
export function OrderTotals({ order }: { order: Order }) {
  const t = order.totals;
  return (
    <div data-testid="order-totals">
      <dl className="text-sm">
        <Row label="Subtotal" value={t.subtotal.formatted} />
        {t.coupon_discount.amount > 0 && (
          <Row
            label={
              <>
                Coupon{' '}
                {order.coupon_code && <span className="font-mono font-semibold text-ink">{order.coupon_code}</span>}
              </>
            }
            value={`−${t.coupon_discount.formatted}`}
            tone="font-medium text-emerald-700"
          />
        )}
        <Row
          label={`Shipping (${order.shipping_method.name})`}
          value={t.shipping.amount === 0 ? 'Free' : t.shipping.formatted}
        />
        {t.cod_fee.amount > 0 && <Row label="Cash on Delivery fee" value={t.cod_fee.formatted} />}
      </dl>
      <div className="mt-2 flex items-baseline justify-between gap-4 border-t border-ink/10 pt-3">
        <span className="font-semibold">Total</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="order-total">
          {t.grand_total.formatted}
        </span>
      </div>
      {t.tax_included.amount > 0 && (
        <p className="mt-0.5 text-right text-xs text-muted">Includes {t.tax_included.formatted} tax</p>
      )}
      {t.refunded.amount > 0 && (
        <p className="mt-1 text-right text-sm font-medium text-emerald-700" data-testid="order-refunded">
          {refundedLabel(order)} {t.refunded.formatted}
        </p>
      )}
    </div>
  );
}

/** An address block with its heading. */
export function AddressBlock({
  title,
  address,
  children,
}: {
  title: string;
  address: ShownAddress;
  /** Below the address (the billing address's business GSTIN). */
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0 text-sm [overflow-wrap:anywhere]">
      <h3 className="font-body text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      <p className="mt-1.5 font-semibold">{address.name}</p>
      <p className="text-ink/80">{address.lines.join(', ')}</p>
      {address.phone && <p className="mt-0.5 text-muted">{address.phone}</p>}
      {children}
    </div>
  );
}
