import { useEffect, useRef, useState } from 'react';
import type { ProductCard as ProductCardData } from '@shopfront/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/ui/icons';
import { ProductCard } from './product-card';

const arrow =
  'inline-flex size-10 items-center justify-center rounded-full border border-ink/15 bg-background text-ink transition hover:border-ink/40 disabled:pointer-events-none disabled:opacity-35';

/**
 * A horizontally scrolling row of cards (touch swipe, trackpad, or the arrow buttons). Used
 * where the number of products rarely fills whole grid rows.
 */
export function ProductRail({ products, label }: { products: ProductCardData[]; label: string }) {
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false, interactive: false });

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () =>
      setEdges({
        start: el.scrollLeft <= 4,
        end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4,
        interactive: true,
      });
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const page = (direction: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  const scrollable = edges.interactive && !(edges.start && edges.end);

  return (
    <div className="relative">
      {scrollable && (
        <div className="absolute -top-16 right-0 hidden gap-2 md:flex">
          <button
            type="button"
            className={arrow}
            onClick={() => page(-1)}
            disabled={edges.start}
            aria-label={`Previous ${label}`}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <button
            type="button"
            className={arrow}
            onClick={() => page(1)}
            disabled={edges.end}
            aria-label={`More ${label}`}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      )}
      <ul
        ref={list}
        className="-mx-4 grid snap-x snap-mandatory auto-cols-[46%] grid-flow-col gap-4 overflow-x-auto scroll-smooth scroll-px-4 px-4 pb-4 md:scroll-px-0 [scrollbar-width:none] sm:auto-cols-[38%] md:mx-0 md:auto-cols-[calc((100%-3rem)/3)] md:gap-6 md:px-0 lg:auto-cols-[calc((100%-4.5rem)/4)] [&::-webkit-scrollbar]:hidden"
      >
        {products.map((p) => (
          <li key={p.id} className="flex snap-start">
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}
