import { useEffect, useRef, useState } from 'react';
import { imageUrl, type SingleProduct } from '@shopfront/shared';
import { ResponsiveImage, objectPosition } from '../../../components/responsive-image';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { useHydrated } from '../../../lib/use-hydrated';

type Images = SingleProduct['images'];

const arrow =
  'absolute top-1/2 z-10 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-background/90 text-ink shadow-md ring-1 ring-ink/10 backdrop-blur transition hover:bg-background disabled:opacity-0 md:inline-flex';

/**
 * Product images as one scroll-snap strip: swipe on phones, thumbnails and arrows on larger
 * screens. Thumbnails are anchors into the strip, so they work without JavaScript too.
 */
export function Gallery({
  images,
  productName,
  idPrefix = 'gallery',
}: {
  images: Images;
  productName: string;
  idPrefix?: string;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const hydrated = useHydrated();
  const key = images.map((i) => i.url).join('|');

  // A different colour brings different images: start again from the first one.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setActive(0);
  }
  useEffect(() => {
    strip.current?.scrollTo({ left: 0 });
  }, [key]);

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const onScroll = () => setActive(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const go = (i: number) => {
    const el = strip.current;
    if (!el) return;
    const next = Math.max(0, Math.min(images.length - 1, i));
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setActive(next);
  };

  if (!images.length) {
    return <div className="aspect-square w-full rounded-3xl bg-surface" aria-hidden="true" />;
  }
  const many = images.length > 1;
  return (
    <div className="gallery flex flex-col-reverse gap-3 md:flex-row md:gap-4">
      {many && (
        <ul className="flex gap-2 overflow-x-auto p-1 [scrollbar-width:none] md:w-[72px] md:shrink-0 md:flex-col md:overflow-visible [&::-webkit-scrollbar]:hidden">
          {images.map((img, i) => (
            <li key={img.url} className="shrink-0">
              <a
                href={`#${idPrefix}-${i}`}
                onClick={(e) => {
                  e.preventDefault();
                  go(i);
                }}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === active ? 'true' : undefined}
                className={`block size-16 overflow-hidden rounded-xl bg-surface ring-offset-2 transition md:size-[72px] ${
                  i === active ? 'ring-2 ring-ink' : 'opacity-70 ring-1 ring-ink/10 hover:opacity-100'
                }`}
              >
                <img
                  src={imageUrl(img.url, 320)}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                  style={{ objectPosition: objectPosition(img.focal_x, img.focal_y) }}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="relative min-w-0 flex-1">
        <ul
          ref={strip}
          aria-label={`${productName} images`}
          // A tab stop of its own, so the arrow keys scroll the pictures (axe: scrollable-region-focusable).
          tabIndex={0}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-3xl bg-surface [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-scrollbar]:hidden"
        >
          {images.map((img, i) => (
            <li
              key={img.url}
              id={`${idPrefix}-${i}`}
              className="w-full shrink-0 snap-center"
              aria-roledescription="image"
              aria-label={`${i + 1} of ${images.length}`}
            >
              <ResponsiveImage
                src={img.url}
                alt={img.alt || productName}
                width={img.width}
                height={img.height}
                sizes={{ base: '100vw', md: '50vw', xl: '620px' }}
                priority={i === 0}
                fallbackWidth={768}
                className="aspect-square w-full object-cover"
                focal={{ x: img.focal_x, y: img.focal_y }}
              />
            </li>
          ))}
        </ul>
        {many && hydrated && (
          <>
            <button
              type="button"
              className={`${arrow} left-3`}
              onClick={() => go(active - 1)}
              disabled={active === 0}
              aria-label="Previous image"
            >
              <ChevronLeftIcon className="size-5" />
            </button>
            <button
              type="button"
              className={`${arrow} right-3`}
              onClick={() => go(active + 1)}
              disabled={active >= images.length - 1}
              aria-label="Next image"
            >
              <ChevronRightIcon className="size-5" />
            </button>
            <p
              aria-hidden="true"
              className="absolute right-3 bottom-3 rounded-full bg-background/90 px-2.5 py-1 text-xs font-semibold text-ink tabular-nums md:hidden"
            >
              {active + 1} / {images.length}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
