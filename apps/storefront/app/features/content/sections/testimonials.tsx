import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Testimonial } from '@shopfront/shared';
import { Container } from '../../../components/container';
import { ResponsiveImage } from '../../../components/responsive-image';
import { Stars } from '../../../components/stars';
import { SectionHeading } from './section-heading';

/**
 * True while the element scrolls sideways (the row of cards on a phone): only then does it
 * need to be a tab stop, so keyboard users can scroll it with the arrow keys.
 */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/** Customer quotes as cards: a swipeable row on phones, a grid on larger screens. */
export function Testimonials({ id, title, testimonials }: { id: string; title: string; testimonials: Testimonial[] }) {
  const row = useRef<HTMLUListElement>(null);
  const scrolls = useOverflowsSideways(row);
  if (!testimonials.length) return null;
  const headingId = `${id}-title`;
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Testimonials'}
      className="bg-surface py-12 md:py-16"
    >
      <Container>
        <SectionHeading id={headingId} title={title} eyebrow="In their words" center />
        <ul
          ref={row}
          // A row that scrolls sideways is reachable by keyboard (arrow keys scroll it once focused).
          tabIndex={scrolls ? 0 : undefined}
          aria-label={scrolls ? `${title || 'Testimonials'}: scroll sideways for more` : undefined}
          className="-mx-4 grid snap-x snap-mandatory scroll-px-4 auto-cols-[85%] grid-flow-col gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:auto-cols-[55%] md:mx-0 md:grid-flow-row md:grid-cols-3 md:gap-6 md:overflow-visible md:px-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-scrollbar]:hidden"
        >
          {testimonials.map((t) => (
            <li key={t.id} className="flex snap-start">
              <figure className="flex w-full flex-col rounded-2xl bg-background p-6 shadow-[0_1px_0_rgb(0_0_0/0.04)] ring-1 ring-ink/5 md:p-7">
                {t.rating !== null && <Stars rating={t.rating} />}
                <blockquote className="mt-4 flex-1 text-[17px] leading-relaxed text-ink/90">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  {t.avatar ? (
                    <ResponsiveImage
                      src={t.avatar.url}
                      alt=""
                      width={44}
                      height={44}
                      sizes={{ base: '44px' }}
                      fallbackWidth={320}
                      className="size-11 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="inline-flex size-11 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
                    >
                      {t.author.charAt(0)}
                    </span>
                  )}
                  <span>
                    <span className="block font-semibold text-ink">{t.author}</span>
                    {t.author_title && <span className="block text-sm text-muted">{t.author_title}</span>}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
