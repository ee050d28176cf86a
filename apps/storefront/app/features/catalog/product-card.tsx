import { Link } from 'react-router';
import { catalogUrls, type ProductCard as ProductCardData } from '@shopfront/shared';
import { ResponsiveImage, type SizesSpec } from '../../components/responsive-image';
import { Stars } from '../../components/stars';
import { EyeIcon } from '../../components/ui/icons';
import { WishlistButton } from '../wishlist/wishlist-button';
import { Price } from './price';
import { useQuickview } from './quickview/quickview-context';

const DEFAULT_SIZES: SizesSpec = { base: '50vw', md: '33vw', lg: '25vw', xl: '300px' };

/**
 * One product in a grid: the whole card links to the product page. "Quick view" is a link to
 * the same page that, once the page is interactive, opens the quickview dialog instead. The
 * heart in the corner saves it to the wishlist.
 */
export function ProductCard({
  product,
  sizes = DEFAULT_SIZES,
  priority = false,
}: {
  product: ProductCardData;
  sizes?: SizesSpec;
  /** First row of a listing: load the image eagerly (it is the page's largest paint). */
  priority?: boolean;
}) {
  const quickview = useQuickview();
  const href = catalogUrls.product(product.slug);
  const rating = product.rating;
  return (
    <article className="product-card group relative flex w-full flex-col">
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-surface">
        {product.image ? (
          <ResponsiveImage
            src={product.image.url}
            alt={product.image.alt || product.name}
            width={800}
            height={800}
            sizes={sizes}
            priority={priority}
            className={`size-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] ${product.in_stock ? '' : 'opacity-60 grayscale-[40%]'}`}
          />
        ) : (
          <div className="size-full" aria-hidden="true" />
        )}
        <div className="absolute top-3 left-3 flex flex-col items-start gap-1.5">
          {!product.in_stock && (
            <span className="rounded-full bg-ink px-2.5 py-1 text-[11px] font-semibold tracking-wide text-background">
              Out of stock
            </span>
          )}
          {product.in_stock && product.discount_percent > 0 && (
            <span
              aria-hidden="true"
              className="rounded-full bg-accent px-2.5 py-1 text-[11px] font-bold tracking-wide text-on-accent"
            >
              −{product.discount_percent}%
            </span>
          )}
        </div>
        <WishlistButton
          productId={product.id}
          productName={product.name}
          look="card"
          className="absolute top-2.5 right-2.5 z-10 md:top-3 md:right-3"
        />
        {quickview && (
          <Link
            to={href}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              quickview.open(product.slug, e.currentTarget);
            }}
            aria-haspopup="dialog"
            aria-label={`Quick view: ${product.name}`}
            className="quickview-trigger absolute top-14 right-2.5 z-10 inline-flex size-9 items-center justify-center gap-2 rounded-full bg-background/95 text-[13px] font-semibold text-ink shadow-md ring-1 ring-ink/10 backdrop-blur transition hover:bg-background md:top-auto md:right-3 md:bottom-3 md:left-3 md:size-auto md:h-10 md:translate-y-2 md:opacity-0 md:group-focus-within:translate-y-0 md:group-focus-within:opacity-100 md:group-hover:translate-y-0 md:group-hover:opacity-100"
          >
            <EyeIcon className="size-[18px] md:hidden" />
            <span className="hidden md:inline" aria-hidden="true">
              Quick view
            </span>
          </Link>
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1 px-0.5">
        {product.brand && (
          <p className="text-[11px] font-semibold tracking-[0.14em] text-muted uppercase">{product.brand}</p>
        )}
        <h3 className="font-body text-[15px] leading-snug font-medium text-ink">
          <Link
            to={href}
            prefetch="intent"
            className="line-clamp-2 after:absolute after:inset-0 after:rounded-2xl hover:underline hover:underline-offset-2"
          >
            {product.name}
          </Link>
        </h3>
        {rating && rating.total_reviews > 0 && (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <Stars rating={rating.overall_rating} className="size-3.5" />
            <span aria-hidden="true">({rating.total_reviews})</span>
            <span className="sr-only">
              {rating.total_reviews} {rating.total_reviews === 1 ? 'review' : 'reviews'}
            </span>
          </p>
        )}
        <div className="mt-auto pt-1">
          <Price price={product.price} mrp={product.mrp} discountPercent={product.discount_percent} />
        </div>
      </div>
    </article>
  );
}
