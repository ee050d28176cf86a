import { memo } from 'react';
import type { ProductCard as ProductCardData } from '@shopfront/shared';
import type { SizesSpec } from '../../../components/responsive-image';
import { ProductCard } from '../product-card';
import type { GridColumns } from './grid-columns';

const COLUMNS: Record<GridColumns, string> = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'md:grid-cols-3 xl:grid-cols-4',
};

/** Image widths per column choice; the filter sidebar takes ~300px on large screens. */
const SIZES: Record<GridColumns, SizesSpec> = {
  2: { base: '50vw', md: '45vw', lg: '36vw', xl: '440px' },
  3: { base: '50vw', md: '31vw', lg: '24vw', xl: '290px' },
  4: { base: '50vw', md: '31vw', lg: '24vw', xl: '215px' },
};

/**
 * Two columns on phones; on larger screens the shopper's choice of 2, 3 or 4. Memoized: a filter
 * ticked (listing-view.tsx) re-renders the listing at once, and the cards, unchanged until the
 * results come, need not be part of that tap's work.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  columns,
}: {
  products: ProductCardData[];
  columns: GridColumns;
}) {
  return (
    <ul
      data-columns={columns}
      className={`product-grid grid grid-cols-2 gap-x-4 gap-y-8 md:gap-x-6 md:gap-y-10 ${COLUMNS[columns]}`}
    >
      {products.map((p, i) => (
        <li key={p.id} className="flex">
          <ProductCard product={p} sizes={SIZES[columns]} priority={i < 2} />
        </li>
      ))}
    </ul>
  );
});
