import { Link } from 'react-router';
import type { ProductCard as ProductCardData } from '@shopfront/shared';
import { Container } from '../../components/container';
import { ArrowRightIcon } from '../../components/ui/icons';
import { ProductCard } from './product-card';
import { ProductRail } from './product-rail';

interface ProductGridSectionProps {
  id: string;
  title: string;
  eyebrow?: string;
  products: ProductCardData[];
  viewAll?: { to: string; label: string };
  /** `rail` scrolls sideways instead of wrapping into rows. */
  layout?: 'grid' | 'rail';
}

/** A titled row of product cards: two columns on phones, up to four on desktops. */
export function ProductGridSection({
  id,
  title,
  eyebrow,
  products,
  viewAll,
  layout = 'grid',
}: ProductGridSectionProps) {
  if (!products.length) return null;
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="py-12 md:py-16">
      <Container>
        {/* A rail's arrow buttons sit at the top right: keep "View all" clear of them. */}
        <div className={`mb-6 flex items-end justify-between gap-4 md:mb-8 ${layout === 'rail' ? 'md:pr-28' : ''}`}>
          <div>
            {eyebrow && (
              <p className="mb-1.5 text-xs font-semibold tracking-[0.16em] text-primary uppercase">{eyebrow}</p>
            )}
            <h2 id={headingId} className="text-2xl font-semibold md:text-3xl">
              {title}
            </h2>
          </div>
          {viewAll && (
            <Link
              to={viewAll.to}
              prefetch="intent"
              className="group inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-ink hover:text-primary"
            >
              {viewAll.label}
              <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
            </Link>
          )}
        </div>
        {layout === 'rail' ? (
          <ProductRail products={products} label={title.toLowerCase()} />
        ) : (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 md:gap-x-6 lg:grid-cols-4">
            {products.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </Container>
    </section>
  );
}
