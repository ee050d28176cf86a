import type { Money } from '@shopfront/shared';

/**
 * Selling price, the MRP struck through and the saving, as Indian shoppers expect to see them.
 * The saving is said once, here (cards carry no second badge), in the theme's accent with its
 * computed text colour, so it stays readable (and above 4.5:1) whatever the owner picks.
 */
export function Price({ price, mrp, discountPercent }: { price: Money; mrp: Money | null; discountPercent: number }) {
  return (
    <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
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
        <span className="rounded bg-accent px-1.5 py-px text-xs font-bold text-on-accent">{discountPercent}% off</span>
      )}
    </p>
  );
}
