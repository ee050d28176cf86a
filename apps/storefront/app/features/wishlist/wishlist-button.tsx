import { HeartIcon } from '../../components/ui/icons';
import { useWishlistHeart } from './use-wishlist';

const LOOKS = {
  /** Round button over a product card's image. */
  card: 'size-9 rounded-full bg-background/95 shadow-md ring-1 ring-ink/10 backdrop-blur hover:bg-background',
  /** Square outline button beside "Add to cart" on the product page and in the quickview. */
  panel: 'btn btn-outline size-12 shrink-0 p-0',
} as const;

/**
 * The wishlist heart. Filled when the product is saved; a click saves or removes it at once
 * (rolled back with an error toast if the server refuses), or, while the saved ids still load,
 * queues it (filled at once, saved once they have loaded). A guest gets the login dialog and
 * returns to this page afterwards, with the product saved.
 */
export function WishlistButton({
  productId,
  variantId,
  productName,
  look,
  className = '',
}: {
  productId: string;
  /** The option chosen on the product page: saved with the product, and moved to the cart later. */
  variantId?: string | undefined;
  productName: string;
  look: keyof typeof LOOKS;
  className?: string;
}) {
  const { saved, busy, toggle } = useWishlistHeart(productId, variantId);
  return (
    <button
      type="button"
      onClick={(e) => {
        // Inside a card the whole card is a link: the heart must not follow it.
        e.preventDefault();
        e.stopPropagation();
        // Never dropped: a click while the wishlist loads is saved once it has loaded.
        toggle();
      }}
      aria-pressed={saved}
      aria-busy={busy || undefined}
      aria-label={saved ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      title={saved ? 'Saved to your wishlist' : 'Save to your wishlist'}
      data-wishlist-heart={productId}
      data-saved={saved ? 'true' : 'false'}
      className={`inline-flex items-center justify-center transition-colors ${LOOKS[look]} ${
        saved ? 'text-red-600' : 'text-ink'
      } ${busy ? 'cursor-progress' : ''} ${className}`}
    >
      <HeartIcon className={`size-5 ${saved ? 'fill-current' : ''}`} />
    </button>
  );
}
