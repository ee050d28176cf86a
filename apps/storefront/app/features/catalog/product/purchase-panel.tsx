import type { Money, Variant } from '@shopfront/shared';
import { BagIcon } from '../../../components/ui/icons';
import { WishlistButton } from '../../wishlist/wishlist-button';

const STOCK_TEXT: Record<Variant['stock_status'], { text: string; tone: string; dot: string }> = {
  in_stock: { text: 'In stock', tone: 'text-primary', dot: 'bg-primary' },
  low_stock: { text: 'Only a few left', tone: 'text-secondary-hover', dot: 'bg-accent' },
  out_of_stock: { text: 'Out of stock', tone: 'text-muted', dot: 'bg-ink/30' },
};

/** Large price block: selling price, MRP struck through, discount, tax note. */
export function PriceBlock({
  price,
  mrp,
  discountPercent,
}: {
  price: Money;
  mrp: Money | null;
  discountPercent: number;
}) {
  return (
    <div className="product-price" aria-live="polite">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="sr-only">Price:</span>
        <span className="text-2xl font-semibold tracking-tight text-ink md:text-[28px]" data-testid="product-price">
          {price.formatted}
        </span>
        {mrp && (
          <>
            <span className="sr-only">, MRP</span>
            <s className="text-base text-muted">{mrp.formatted}</s>
          </>
        )}
        {discountPercent > 0 && (
          <span className="rounded-full bg-accent/20 px-2.5 py-0.5 text-sm font-semibold text-secondary-hover">
            {discountPercent}% off
          </span>
        )}
      </p>
      <p className="mt-1 text-xs text-muted">Inclusive of all taxes</p>
    </div>
  );
}

export function StockState({ status }: { status: Variant['stock_status'] }) {
  const s = STOCK_TEXT[status];
  return (
    <p className={`flex items-center gap-2 text-sm font-medium ${s.tone}`} data-stock={status}>
      <span aria-hidden="true" className={`size-2 rounded-full ${s.dot}`} />
      {s.text}
    </p>
  );
}

/**
 * Cart and checkout are not open yet: their buttons are shown so the page reads like the
 * finished shop, but disabled, with a visible reason. Nothing pretends to be added. The
 * wishlist heart beside them works.
 */
export function PurchaseButtons({
  soldOut,
  compact = false,
  idPrefix,
  product,
}: {
  soldOut: boolean;
  compact?: boolean;
  idPrefix: string;
  /** The product the wishlist heart saves. */
  product: { id: string; name: string };
}) {
  const noteId = `${idPrefix}-purchase-note`;
  return (
    <div>
      <div className="flex gap-2.5">
        <button
          type="button"
          disabled
          aria-describedby={noteId}
          className="btn btn-primary h-12 flex-1 px-4 whitespace-nowrap"
        >
          <BagIcon className="size-5" />
          {soldOut ? 'Sold out' : 'Add to cart'}
        </button>
        {!compact && (
          <button
            type="button"
            disabled
            aria-describedby={noteId}
            className="btn btn-outline h-12 flex-1 px-4 whitespace-nowrap"
          >
            Buy now
          </button>
        )}
        <WishlistButton productId={product.id} productName={product.name} look="panel" />
      </div>
      <p id={noteId} className="mt-2.5 text-sm text-muted">
        Cart coming soon: online ordering opens shortly.
      </p>
    </div>
  );
}
