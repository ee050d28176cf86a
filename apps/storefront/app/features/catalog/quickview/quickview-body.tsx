import { useState } from 'react';
import { Link, type useFetcher } from 'react-router';
import { catalogUrls, type Variant } from '@shopfront/shared';
import { Stars } from '../../../components/stars';
import { ArrowRightIcon } from '../../../components/ui/icons';
import type { loader as quickviewLoader } from '../../../routes/resources.quickview';
import { Gallery } from '../product/gallery';
import { PriceBlock, PurchaseButtons, StockState } from '../product/purchase-panel';
import { VariantPicker } from '../product/variant-picker';
import { imagesFor, initialVariant } from '../product/variants';

/**
 * The quick view's product: gallery, price, variants and Add to cart (loaded when first opened).
 * It opens on the variant the product page would show for the card's link: the one the link
 * names, else the default while it is in stock, else the first one in stock (initialVariant).
 */
export function QuickviewBody({
  data,
  variantId = null,
  onAdded,
}: {
  data: NonNullable<ReturnType<typeof useFetcher<typeof quickviewLoader>>['data']>;
  /** The variant the card links to (a listing filtered by colour); null for the product itself. */
  variantId?: string | null;
  onAdded: () => void;
}) {
  const [variant, setVariant] = useState<Variant | undefined>(() =>
    initialVariant(data.variants, { id: variantId }, data.options),
  );
  const p = data.product;
  if (!p) return <p className="p-8 text-center text-muted">{data.error}</p>;
  const images = imagesFor(data.images, variant);
  const stock = variant?.stock_status ?? (p.in_stock ? 'in_stock' : 'out_of_stock');
  const href = variant ? `${catalogUrls.product(p.slug)}?variant=${encodeURIComponent(variant.id)}` : p.url;
  return (
    <div className="grid gap-5 md:grid-cols-2 md:gap-8">
      {/* Phones: a picture a third of the screen high, so the product's name and price come first. */}
      <div className="mx-auto w-full max-w-[min(100%,34dvh)] md:max-w-none">
        <Gallery images={images.slice(0, 6)} productName={p.name} idPrefix="quickview-image" />
      </div>
      <div className="flex min-w-0 flex-col">
        {p.brand && <p className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">{p.brand}</p>}
        <h2 id="quickview-title" className="mt-1.5 pr-10 text-2xl leading-tight font-semibold">
          {p.name}
        </h2>
        {data.rating && data.rating.total_reviews > 0 && (
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            <Stars rating={data.rating.overall_rating} />
            <span>
              {data.rating.overall_rating.toFixed(1)} · {data.rating.total_reviews} reviews
            </span>
          </p>
        )}
        <div className="mt-4">
          <PriceBlock
            price={variant?.price ?? p.price}
            mrp={variant ? variant.mrp : p.mrp}
            discountPercent={variant?.discount_percent ?? p.discount_percent}
          />
        </div>
        {p.short_description && (
          <p className="mt-4 line-clamp-3 text-[15px] leading-relaxed text-ink/80">{p.short_description}</p>
        )}
        <div className="mt-5">
          <VariantPicker
            options={data.options}
            variants={data.variants}
            current={variant}
            onChoose={setVariant}
            idPrefix="quickview"
          />
        </div>
        {/* Phones: the purchase bar stays at the bottom of the sheet while the shopper reads or
            chooses above it, so Add to cart is reachable without scrolling. */}
        <div
          data-quickview-actions=""
          className="sticky -bottom-5 z-10 -mx-5 mt-5 space-y-3 border-t border-ink/10 bg-background px-5 pt-3 pb-5 md:static md:mx-0 md:border-0 md:p-0"
        >
          {/* The choice the button adds, beside its stock: the options may be above the fold's edge. */}
          <div className="flex items-center justify-between gap-3">
            <StockState status={stock} />
            {variant && data.options.length > 0 && (
              <p className="min-w-0 truncate text-sm font-medium text-ink" data-testid="quickview-choice">
                {variant.title}
              </p>
            )}
          </div>
          <PurchaseButtons
            variantId={variant?.id ?? p.id}
            soldOut={stock === 'out_of_stock'}
            idPrefix="quickview"
            product={{ id: p.id, name: p.name }}
            onAdded={onAdded}
          />
        </div>
        <Link
          to={href}
          className="group mt-6 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-ink underline-offset-4 hover:underline"
        >
          View full details
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </div>
  );
}
