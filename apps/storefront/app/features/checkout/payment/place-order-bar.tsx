import type { Money } from '@shopfront/shared';
import { Spinner } from '../../../components/ui/spinner';
import { BarTotal } from '../../cart/cart-totals';
import { PLACE_ORDER_FORM_ID } from '../payment-view';

/** Phones: Place order stays under the thumb, with the total it confirms. */
export function PlaceOrderBar({
  total,
  busy,
  leaving,
  updating,
}: {
  total: Money;
  /** Placing the order. */
  busy: boolean;
  /** On the way to the provider's page. */
  leaving: boolean;
  updating: boolean;
}) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-ink/10 bg-background/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-8px_24px_-16px_rgb(0_0_0/0.3)] backdrop-blur md:hidden"
      data-testid="place-order-bar"
    >
      <div className="flex items-center justify-between gap-4">
        <BarTotal total={total} updating={updating} />
        <button
          type="submit"
          form={PLACE_ORDER_FORM_ID}
          disabled={busy || leaving || updating}
          className="btn btn-primary h-12 px-7"
        >
          {(busy || leaving || updating) && <Spinner />}
          {updating && !busy ? 'Updating…' : 'Place order'}
        </button>
      </div>
    </div>
  );
}
