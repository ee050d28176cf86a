import type { Money } from '@shopfront/shared';

/** Selling price, the MRP struck through and the saving, as Indian shoppers expect to see them. */
export function Price({ price, mrp, discountPercent }: { price: Money; mrp: Money | null; discountPercent: number }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className="sr-only">Price:</span>
      <span data-price className="text-[15px] font-semibold text-ink">
        {price.formatted}
      </span>
      {mrp && (
        <>
          <span className="sr-only">, was</span>
          <s className="text-sm text-muted">{mrp.formatted}</s>
        </>
      )}
      {discountPercent > 0 && (
        <span className="text-sm font-semibold text-secondary-hover">{discountPercent}% off</span>
      )}
    </p>
  );
}
