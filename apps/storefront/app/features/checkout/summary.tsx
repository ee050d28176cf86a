import { Link } from 'react-router';
import type { Cart } from '@shopfront/shared';
import { ResponsiveImage } from '../../components/responsive-image';
import { CartTotals, type TotalsStep } from '../cart/cart-totals';
import { variantText } from '../cart/cart-view';

/** The checkout's order summary: every line, then the totals as `step` shows them (CartTotals). */
export function CheckoutSummary({ cart, updating, step }: { cart: Cart; updating: boolean; step: TotalsStep }) {
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-2xl border border-ink/10 bg-background p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="checkout-summary-title" className="font-semibold">
          Order summary
        </h2>
        {/* 44 px tall to the thumb, the row no taller for it. */}
        <Link
          to="/cart"
          className="-my-2.5 inline-flex min-h-11 min-w-11 items-center justify-end text-sm font-medium underline underline-offset-2 hover:no-underline"
        >
          Edit cart
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-ink/10" data-testid="summary-lines">
        {cart.items.map((l) => (
          <li key={l.id} className="flex items-center gap-3 py-3">
            <span className="relative size-14 shrink-0 overflow-hidden rounded-lg bg-surface">
              {l.product.image && (
                <ResponsiveImage
                  src={l.product.image.url}
                  alt={l.product.image.alt || l.product.name}
                  width={200}
                  height={200}
                  sizes={{ base: '56px' }}
                  fallbackWidth={320}
                  className="size-full object-cover"
                />
              )}
              <span className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] font-bold text-background">
                {l.quantity}
              </span>
            </span>
            <span className="min-w-0 flex-1 text-sm">
              <span className="block truncate font-medium">{l.product.name}</span>
              {variantText(l) && <span className="block text-muted">{variantText(l)}</span>}
              {l.additonal_data?.custom_text && (
                <span className="block truncate text-muted">“{l.additonal_data.custom_text}”</span>
              )}
            </span>
            <span className="text-sm font-medium tabular-nums">{l.line_total.formatted}</span>
          </li>
        ))}
      </ul>
      <div className="mt-2 border-t border-ink/10 pt-3">
        <CartTotals cart={cart} updating={updating} step={step} />
      </div>
    </section>
  );
}
