import type { ReactNode } from 'react';
import type { Cart, Money } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';

/** One line of a totals breakdown (a <dl> row). */
function TotalsRow({
  label,
  value,
  tone = 'text-ink',
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className={`text-right tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function CouponLabel({ code }: { code: string }) {
  return (
    <>
      Coupon <span className="font-mono font-semibold text-ink">{code}</span>
    </>
  );
}

/**
 * Where a cart's totals are shown: the cart page and the address step's summary (`cart`), or the
 * payment step's summary (`payment`), which leaves out what no longer helps there (a coupon that
 * does not apply, the savings on MRP) and asks for the delivery option instead.
 */
export type TotalsStep = 'cart' | 'payment';

/** The shipping row's value: the chosen option's price, else what the shopper does about it. */
function shippingValue(cart: Cart, step: TotalsStep): ReactNode {
  const shipping = cart.totals.shipping;
  if (cart.shipping_method) return shipping.amount === 0 ? 'Free' : shipping.formatted;
  if (step === 'payment') return <span className="text-muted">Choose a delivery option</span>;
  return shipping.amount > 0 ? shipping.formatted : <span className="text-muted">Chosen at the address step</span>;
}

/**
 * The one totals breakdown of the cart and the checkout, all computed by the server: subtotal,
 * the coupon (or, on the cart, that the coupon kept on it does not apply), shipping, the Cash on
 * Delivery fee when the cart has one, the grand total (with a spinner while it is being
 * recomputed), the tax the prices include and, on the cart, what the shop's prices save on the MRP.
 */
export function CartTotals({ cart, updating, step = 'cart' }: { cart: Cart; updating: boolean; step?: TotalsStep }) {
  const t = cart.totals;
  const units = cart.total_quantity;
  const onCart = step === 'cart';
  return (
    <div aria-busy={updating || undefined} data-testid={onCart ? 'cart-totals' : 'checkout-totals'}>
      <dl className="text-sm">
        <TotalsRow
          label={`Subtotal (${units} ${units === 1 ? 'item' : 'items'})`}
          value={t.subtotal.formatted}
          testId="totals-subtotal"
        />
        {cart.coupon?.applicable && (
          <TotalsRow
            label={<CouponLabel code={cart.coupon.code} />}
            value={`−${t.coupon_discount.formatted}`}
            tone="font-medium text-emerald-700"
            testId="totals-coupon"
          />
        )}
        {onCart && cart.coupon && !cart.coupon.applicable && (
          // Kept on the cart but discounting nothing: said so, never shown as a −₹0.00 saving.
          <TotalsRow
            label={<CouponLabel code={cart.coupon.code} />}
            value="Does not apply"
            tone="font-medium text-amber-800"
            testId="totals-coupon-not-applicable"
          />
        )}
        <TotalsRow
          label={cart.shipping_method ? `Shipping (${cart.shipping_method.name})` : 'Shipping'}
          value={shippingValue(cart, step)}
          testId="totals-shipping"
        />
        {t.cod_fee.amount > 0 && (
          // Chosen at the payment step and kept on the cart: the total includes it, so it is shown.
          <TotalsRow label="Cash on Delivery fee" value={t.cod_fee.formatted} testId="totals-cod-fee" />
        )}
      </dl>
      <div className="mt-3 flex items-baseline justify-between gap-4 border-t border-ink/10 pt-4">
        <span className="font-semibold">Total</span>
        <span className="flex items-center gap-2 text-xl font-semibold tabular-nums" data-testid="totals-grand">
          {updating && <Spinner className="size-4 text-muted" />}
          {t.grand_total.formatted}
        </span>
      </div>
      {t.tax_included.amount > 0 && (
        <p className="mt-1 text-right text-xs text-muted" data-testid="totals-tax">
          Includes {t.tax_included.formatted} tax
        </p>
      )}
      {onCart && t.savings.amount > 0 && (
        // Not a row of the sum: the subtotal is already at selling prices.
        <p className="mt-1 text-right text-sm font-medium text-emerald-700" data-testid="totals-savings">
          You save {t.savings.formatted} on MRP
        </p>
      )}
    </div>
  );
}

/** The grand total in a phone's sticky bar (the cart's, the payment step's), beside its button. */
export function BarTotal({ total, updating }: { total: Money; updating: boolean }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-muted">Total</p>
      <p className="flex items-center gap-2 text-lg leading-tight font-semibold tabular-nums">
        {updating && <Spinner className="size-4 text-muted" />}
        {total.formatted}
      </p>
    </div>
  );
}
