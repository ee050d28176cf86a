import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { catalogUrls, type ProductCard as ProductCardData } from '@shopfront/shared';
import { ResponsiveImage, type SizesSpec } from '../../components/responsive-image';
import { Stars } from '../../components/stars';
import { EyeIcon } from '../../components/ui/icons';
import { WishlistButton } from '../wishlist/wishlist-button';
import { storeMode, useShopData } from '../../lib/shop';
import { feeText } from '../services/fee-text';
import { Price } from './price';
import { useQuickview } from './quickview/quickview-context';

const DEFAULT_SIZES: SizesSpec = { base: '50vw', md: '33vw', lg: '25vw', xl: '300px' };

/**
 * One product in a grid: the whole card links to the product page. "Quick view" is a link to
 * the same page that, once the page is interactive, opens the quickview dialog instead: on
 * larger screens it slides over the picture on hover or focus, on phones it sits beside the price
 * (a 170 px picture has room for the heart and a sold-out badge, not for three controls). The
 * heart in the corner saves it to the wishlist. Brand, name and rating rows keep their height
 * whether filled or not, so prices start on one line across a row.
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
  const shop = useShopData();
  const services = shop !== undefined && storeMode(shop) === 'services';
  // The service's own fee kind says "on quote" (no price shown); a fee of 0 otherwise is free.
  const feeWords =
    services && (product.on_quote || product.price.amount === 0)
      ? feeText(product.on_quote ? 'quote' : 'fixed', product.price)
      : null;
  // A card in a listing filtered by colour opens on the variant it shows.
  const href = product.variant_id
    ? `${catalogUrls.product(product.slug)}?variant=${encodeURIComponent(product.variant_id)}`
    : catalogUrls.product(product.slug);
  const rating = product.rating;
  const quickviewLink = (className: string, children: ReactNode) =>
    quickview && (
      <Link
        to={href}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          quickview.open(product.slug, e.currentTarget);
        }}
        aria-haspopup="dialog"
        aria-label={`Quick view: ${product.name}`}
        className={`quickview-trigger z-10 items-center justify-center ${className}`}
      >
        {children}
      </Link>
    );
  return (
    <article className="product-card group relative flex w-full flex-col">
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-surface">
        {product.image ? (
          <ResponsiveImage
            src={product.image.url}
            alt={product.image.alt || product.name}
            focal={product.image.focal}
            width={800}
            height={800}
            sizes={sizes}
            priority={priority}
            className={`size-full object-cover transition-transform duration-500 ease-out group-hover:scale-[1.04] ${product.in_stock ? '' : 'opacity-60 grayscale-[40%]'}`}
          />
        ) : (
          <div className="size-full" aria-hidden="true" />
        )}
        {!product.in_stock && (
          <span className="absolute top-3 left-3 rounded-full bg-ink px-2.5 py-1 text-[11px] font-semibold tracking-wide text-background">
            Sold out
          </span>
        )}
        <WishlistButton
          productId={product.id}
          productName={product.name}
          look="card"
          // 36 px to look at, 44 px to tap: the invisible ring around it takes the touch too.
          className="absolute top-2.5 right-2.5 z-10 before:absolute before:-inset-1 before:rounded-full before:content-[''] md:top-3 md:right-3"
        />
        {quickviewLink(
          'absolute right-3 bottom-3 left-3 hidden h-10 translate-y-2 gap-2 rounded-full bg-background/95 text-[13px] font-semibold text-ink opacity-0 shadow-md ring-1 ring-ink/10 backdrop-blur transition group-focus-within:translate-y-0 group-focus-within:opacity-100 group-hover:translate-y-0 group-hover:opacity-100 hover:bg-background md:inline-flex',
          <>
            <EyeIcon className="size-[18px]" />
            Quick view
          </>,
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col px-0.5">
        <p className="min-h-4 text-[11px] leading-4 font-semibold tracking-[0.14em] text-muted uppercase">
          {product.brand}
        </p>
        <h3 className="mt-1 min-h-[2.75em] font-body text-[15px] leading-snug font-medium text-ink">
          <Link
            to={href}
            prefetch="intent"
            className="line-clamp-2 after:absolute after:inset-0 after:rounded-2xl hover:underline hover:underline-offset-2"
          >
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 flex min-h-4 items-center gap-1.5 text-xs text-muted">
          {rating && rating.total_reviews > 0 && (
            <>
              <Stars rating={rating.overall_rating} className="h-3.5" />
              <span aria-hidden="true">({rating.total_reviews})</span>
              <span className="sr-only">
                {rating.total_reviews} {rating.total_reviews === 1 ? 'review' : 'reviews'}
              </span>
            </>
          )}
        </p>
        <div className="mt-1.5 flex items-start justify-between gap-1">
          {feeWords ? (
            <p className="text-[15px] font-semibold text-ink" data-price>
              {feeWords}
            </p>
          ) : (
            <Price price={product.price} mrp={product.mrp} discountPercent={product.discount_percent} />
          )}
          {quickviewLink(
            // Phones: beside the price, off the picture; 44 px square to tap.
            'relative -mt-2.5 -mr-2 inline-flex size-11 shrink-0 rounded-full text-ink hover:bg-ink/5 md:hidden',
            <EyeIcon className="size-5" />,
          )}
        </div>
      </div>
    </article>
  );
}
