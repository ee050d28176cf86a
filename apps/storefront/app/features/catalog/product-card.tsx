import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@shopfront/shared';
import { Price } from './price';

/** One product in a grid: the whole card links to the product page. */
export function ProductCard({ product }: { product: ProductCardData }) {
  return (
    <article className="product-card group relative flex w-full flex-col">
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-surface">
        {product.image ? (
          <img
            src={product.image.url}
            alt={product.image.alt || product.name}
            width={800}
            height={800}
            loading="lazy"
            decoding="async"
            sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"
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
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1 px-0.5">
        {product.brand && (
          <p className="text-[11px] font-semibold tracking-[0.14em] text-muted uppercase">{product.brand}</p>
        )}
        <h3 className="font-body text-[15px] leading-snug font-medium text-ink">
          <Link
            to={`/product/${product.slug}`}
            prefetch="intent"
            className="line-clamp-2 after:absolute after:inset-0 after:rounded-2xl hover:underline hover:underline-offset-2"
          >
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto pt-1">
          <Price price={product.price} mrp={product.mrp} discountPercent={product.discount_percent} />
        </div>
      </div>
    </article>
  );
}
