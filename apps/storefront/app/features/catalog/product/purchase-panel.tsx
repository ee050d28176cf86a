import { useState } from 'react';
import type { Money, Variant } from '@shopfront/shared';
import { BagIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ScriptFlag } from '../../cart/script-flag';
import { CART_ACTION } from '../../cart/cart-view';
import { useAddToCart } from '../../cart/use-add-to-cart';
import { WishlistButton } from '../../wishlist/wishlist-button';
import { PersonaliseFields, customisationErrors, isCustomisationError, useCustomisable } from './personalise';

const STOCK_TEXT: Record<Variant['stock_status'], { text: string; tone: string; dot: string }> = {
  in_stock: { text: 'In stock', tone: 'text-primary', dot: 'bg-primary' },
  low_stock: { text: 'Only a few left', tone: 'text-secondary-hover', dot: 'bg-accent' },
  out_of_stock: { text: 'Sold out', tone: 'text-ink', dot: 'bg-red-700' },
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
          // The theme's accent with its computed text colour: readable whatever the owner picks.
          <span className="rounded-full bg-accent px-2.5 py-0.5 text-sm font-bold text-on-accent">
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
 * Add to cart and Buy now for the chosen variant, and the wishlist heart. A real form posting to
 * /cart, so it works without JavaScript (the action answers with a redirect to /cart, or to
 * /checkout/address for Buy now); with JavaScript it is sent by a fetcher: no navigation, the
 * cart drawer opens with the added line highlighted. Sold out: one disabled "Sold out", with the reason.
 * A customisable product (on its own page) gets "Personalise it" inside the same form.
 * `pinOnPhones` (the product page): on a phone the buttons stay pinned to the bottom of the screen,
 * above the quick links, until the shopper scrolls down to their place, so Add to cart is in view
 * without scrolling (plain CSS, so without JavaScript too; see `.buy-bar` in app.css).
 */
export function PurchaseButtons({
  variantId,
  soldOut,
  compact = false,
  idPrefix,
  product,
  pinOnPhones = false,
  onAdded,
}: {
  /** What is added: the chosen variant (a product id works for a product with one variant). */
  variantId: string;
  soldOut: boolean;
  compact?: boolean;
  idPrefix: string;
  /** The product the wishlist heart saves. */
  product: { id: string; name: string };
  /** Keep the buttons in view on a phone (the product page only). */
  pinOnPhones?: boolean;
  /** Called once the item is in the cart (the quickview closes itself). */
  onAdded?: () => void;
}) {
  const { fetcher, busy, adding, buyingNow: buying, answer } = useAddToCart({ onAdded });
  const customisable = useCustomisable(product.id);
  const [uploading, setUploading] = useState(false);
  const noteId = `${idPrefix}-purchase-note`;
  const uploadNoteId = `${idPrefix}-upload-note`;
  const errors = answer && !answer.ok && !answer.chooseVariantUrl ? answer.errors : {};
  // A refused customisation is shown beside its field; any other field's message beside the button.
  const fieldError =
    Object.entries(errors).find(([key, list]) => !(customisable && isCustomisationError(key)) && list[0])?.[1][0] ??
    null;
  const describedBy = soldOut ? noteId : uploading ? uploadNoteId : undefined;

  return (
    // Pinned, the form lends its layout to the page's column (contents): a sticky row stays within its parent's box.
    <fetcher.Form
      method="post"
      action={CART_ACTION}
      data-add-to-cart={idPrefix}
      className={pinOnPhones ? 'max-md:contents' : undefined}
    >
      <input type="hidden" name="product_id" value={variantId} />
      <input type="hidden" name="quantity" value="1" />
      <ScriptFlag />
      {customisable && (
        <PersonaliseFields
          key={product.id}
          idPrefix={idPrefix}
          errors={customisationErrors(errors)}
          onUploadingChange={setUploading}
        />
      )}
      <div className={`flex gap-2.5 ${pinOnPhones ? 'buy-bar' : ''}`}>
        <button
          type="submit"
          name="intent"
          value="add"
          disabled={soldOut || busy || uploading}
          aria-describedby={describedBy}
          aria-busy={adding || undefined}
          className={`btn ${soldOut ? 'btn-outline' : 'btn-primary'} h-12 flex-1 px-4 whitespace-nowrap`}
        >
          {adding ? <Spinner className="size-5" /> : !soldOut && <BagIcon className="size-5" />}
          {soldOut ? 'Sold out' : adding ? 'Adding…' : 'Add to cart'}
        </button>
        {/* Sold out: one plain "Sold out" instead of two dead buttons; the heart stays. */}
        {!compact && !soldOut && (
          <button
            type="submit"
            name="intent"
            value="buy-now"
            disabled={soldOut || busy || uploading}
            aria-describedby={describedBy}
            aria-busy={buying || undefined}
            className="btn btn-outline h-12 flex-1 px-4 whitespace-nowrap"
          >
            {buying && <Spinner />}
            Buy now
          </button>
        )}
        <WishlistButton
          productId={product.id}
          // The chosen option is saved with it (a product without options has none to save).
          variantId={variantId === product.id ? undefined : variantId}
          productName={product.name}
          look="panel"
        />
      </div>
      {soldOut && (
        <p id={noteId} className="mt-2.5 text-sm text-muted">
          Sold out: this choice cannot be ordered right now. Save it to your wishlist, or choose another option.
        </p>
      )}
      {uploading && !soldOut && (
        <p id={uploadNoteId} className="mt-2.5 text-sm text-muted">
          Adding to cart waits for your photo to finish uploading.
        </p>
      )}
      {fieldError && !soldOut && (
        <p role="alert" className="mt-2.5 text-sm font-medium text-red-700" data-field-error>
          {fieldError}
        </p>
      )}
    </fetcher.Form>
  );
}
