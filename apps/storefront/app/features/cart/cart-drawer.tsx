import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { AlertIcon, BagIcon, CheckIcon, CloseIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { CartLine } from './cart-line';
import { useCartUi } from './cart-ui';
import { FreeShippingNudge } from './free-shipping';
import { EMPTY_CART_TEXT, cartReadiness } from './cart-view';
import { useCart } from './use-cart';

/**
 * The cart drawer (spec section 2 "a cart drawer"): slides in from the right when something is
 * added (the added line highlighted for 2 seconds) or when the header's cart icon is clicked.
 * A modal <dialog>: focus trap, Escape, inert page. The lines change in place like on /cart.
 */
export function CartDrawer() {
  const { drawerOpen, closeDrawer, addedLineId } = useCartUi();
  const { cart, pending, updating, loading, count } = useCart();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) dialog.showModal();
    if (!drawerOpen && dialog.open) dialog.close();
  }, [drawerOpen]);

  const ready = cart ? cartReadiness(cart) : null;
  const added = addedLineId ? cart?.items.find((l) => l.id === addedLineId) : undefined;

  return (
    <dialog
      ref={ref}
      id="cart-drawer"
      aria-labelledby="cart-drawer-title"
      data-testid="cart-drawer"
      onClose={closeDrawer}
      onClick={(e) => e.target === e.currentTarget && ref.current?.close()}
      className="cart-drawer fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[min(26rem,100vw)] max-w-none bg-background p-0 text-ink shadow-2xl open:animate-[drawer-in-right_220ms_ease-out]"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink/10 px-5">
          <h2 id="cart-drawer-title" className="flex items-center gap-2 text-lg font-semibold">
            Your cart
            {count > 0 && (
              <span className="rounded-full bg-ink/[0.06] px-2 py-0.5 font-body text-sm font-medium text-muted tabular-nums">
                {count} {count === 1 ? 'item' : 'items'}
              </span>
            )}
            {updating && <Spinner className="size-4 text-muted" />}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close cart"
            className="-mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-ink/5"
          >
            <CloseIcon className="size-6" />
          </button>
        </div>

        <p role="status" aria-live="polite" className={added ? 'px-5 pt-4' : 'sr-only'}>
          {added && (
            <span className="flex items-center gap-2 text-sm font-medium text-emerald-700" data-testid="item-added">
              <span className="inline-flex size-5 items-center justify-center rounded-full bg-emerald-600 text-white">
                <CheckIcon className="size-3.5" />
              </span>
              Added to your cart
            </span>
          )}
        </p>

        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-2 py-2">
          {!cart || !ready ? (
            <div className="flex h-full items-center justify-center text-muted">
              {loading ? <Spinner className="size-6" /> : <p>{EMPTY_CART_TEXT}</p>}
            </div>
          ) : ready.empty ? (
            <div className="flex h-full flex-col items-center justify-center px-6 text-center" data-cart-empty>
              <span className="inline-flex size-14 items-center justify-center rounded-full bg-surface text-muted">
                <BagIcon className="size-7" />
              </span>
              <p className="mt-4 font-semibold">{EMPTY_CART_TEXT}</p>
              <Link to="/shop-online" className="btn btn-primary mt-6">
                Continue shopping
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-ink/10" data-cart-lines>
              {cart.items.map((line) => (
                <CartLine
                  key={line.id}
                  line={line}
                  pendingQuantity={pending.get(line.id)}
                  maxLineQuantity={cart.max_line_quantity}
                  highlighted={addedLineId === line.id}
                  compact
                />
              ))}
            </ul>
          )}
        </div>

        {cart && ready && !ready.empty && (
          <div className="shrink-0 border-t border-ink/10 px-5 pt-4 pb-[calc(1.25rem+env(safe-area-inset-bottom))]">
            <FreeShippingNudge cart={cart} className="mb-4" />
            <div className="flex items-baseline justify-between gap-4">
              <span className="font-semibold">Total</span>
              <span className="text-lg font-semibold tabular-nums" data-testid="drawer-total">
                {cart.totals.grand_total.formatted}
              </span>
            </div>
            <p className="mt-0.5 text-xs text-muted">
              {cart.coupon?.applicable ? `Coupon ${cart.coupon.code} applied. ` : ''}Prices include tax;{' '}
              {cart.totals.shipping.amount > 0
                ? `includes ${cart.shipping_method?.name ?? 'delivery'} (${cart.totals.shipping.formatted}), changeable at checkout.`
                : `${cart.shipping_method?.name ?? 'delivery'} is free.`}
            </p>
            {cart.coupon && !cart.coupon.applicable && (
              <p
                className="mt-2 flex items-start gap-1.5 text-sm font-medium text-amber-800"
                data-testid="drawer-coupon-warning"
              >
                <AlertIcon className="mt-0.5 size-4 shrink-0" />
                <span>
                  Coupon <span className="font-mono">{cart.coupon.code}</span> does not apply
                  {cart.coupon.message ? `: ${cart.coupon.message}` : ''}
                </span>
              </p>
            )}
            {ready.blocker && <p className="mt-2 text-sm text-red-700">{ready.blocker}</p>}
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Link to="/cart" className="btn btn-outline h-12">
                View cart
              </Link>
              {ready.canContinue ? (
                <Link to="/checkout/address" className="btn btn-primary h-12">
                  Checkout
                </Link>
              ) : (
                <button type="button" disabled className="btn btn-primary h-12">
                  Checkout
                </button>
              )}
            </div>
          </div>
        )}
      </div>
    </dialog>
  );
}
