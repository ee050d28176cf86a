import type { ReactNode } from 'react';
import type { Cart } from '@shopfront/shared';
import { Spinner } from '../../components/ui/spinner';

/** One line of a totals breakdown (a <dl> row). */
export function TotalsRow({
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

/** The first rows of every totals breakdown: the subtotal and an applicable coupon. */
export function SubtotalRows({ cart }: { cart: Cart }) {
  const units = cart.total_quantity;
  return (
    <>
      <TotalsRow
        label={`Subtotal (${units} ${units === 1 ? 'item' : 'items'})`}
        value={cart.totals.subtotal.formatted}
        testId="totals-subtotal"
      />
      {cart.coupon?.applicable && (
        <TotalsRow
          label={
            <>
              Coupon <span className="font-mono font-semibold text-ink">{cart.coupon.code}</span>
            </>
          }
          value={`−${cart.totals.coupon_discount.formatted}`}
          tone="font-medium text-emerald-700"
          testId="totals-coupon"
        />
      )}
    </>
  );
}

/**
 * The totals breakdown, all computed by the server: subtotal, what the shop's prices save on the
 * MRP, the coupon (or that the coupon on the cart does not apply), shipping, the tax the prices
 * include, and the grand total.
 */
export function CartTotals({ cart, updating }: { cart: Cart; updating: boolean }) {
  const t = cart.totals;
  return (
    <div aria-busy={updating || undefined} data-testid="cart-totals">
      <dl className="text-sm">
        <SubtotalRows cart={cart} />
        {cart.coupon && !cart.coupon.applicable && (
          // Kept on the cart but discounting nothing: said so, never shown as a −₹0.00 saving.
          <TotalsRow
            label={
              <>
                Coupon <span className="font-mono font-semibold text-ink">{cart.coupon.code}</span>
              </>
            }
            value="Does not apply"
            tone="font-medium text-amber-800"
            testId="totals-coupon-not-applicable"
          />
        )}
        <TotalsRow
          label={cart.shipping_method ? `Shipping (${cart.shipping_method.name})` : 'Shipping'}
          value={
            cart.shipping_method ? (
              t.shipping.amount === 0 ? (
                'Free'
              ) : (
                t.shipping.formatted
              )
            ) : t.shipping.amount > 0 ? (
              t.shipping.formatted
            ) : (
              <span className="text-muted">Chosen at the address step</span>
            )
          }
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
      {t.savings.amount > 0 && (
        // Not a row of the sum: the subtotal is already at selling prices.
        <p className="mt-1 text-right text-sm font-medium text-emerald-700" data-testid="totals-savings">
          You save {t.savings.formatted} on MRP
        </p>
      )}
    </div>
  );
}
