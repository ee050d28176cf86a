import { useEffect, useState, useSyncExternalStore } from 'react';
import { imageUrl, srcSet, type Slider } from '@shopfront/shared';
import { Container } from '../../components/container';
import { SmartLink } from '../../components/smart-link';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../../components/ui/icons';
import { useHydrated } from '../../lib/use-hydrated';

const AUTOPLAY_MS = 6000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const controlButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow-sm backdrop-blur transition hover:bg-white';

/**
 * The home hero as an accessible carousel (WAI-ARIA carousel pattern). Server-rendered with
 * the first slide in view, so it reads well before hydration or without JavaScript; controls
 * appear once the page is interactive.
 */
export function HeroSlider({ slider, autoplayMs = AUTOPLAY_MS }: { slider: Slider; autoplayMs?: number }) {
  const slides = slider.slides;
  const [index, setIndex] = useState(0);
  const interactive = useHydrated();
  const reducedMotion = useSyncExternalStore(subscribeToMotion, prefersReducedMotion, () => true);
  // The shopper's Pause / Play; until then it plays unless they asked the system for less motion.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const count = slides.length;
  const playing = interactive && count > 1 && autoplayMs > 0 && (chosen ?? !reducedMotion);

  useEffect(() => {
    if (!playing || hovered || count < 2) return;
    const t = setTimeout(() => setIndex((i) => (i + 1) % count), autoplayMs || AUTOPLAY_MS);
    return () => clearTimeout(t);
  }, [playing, hovered, index, count, autoplayMs]);

  if (!count) return null;
  const go = (i: number) => setIndex((i + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={slider.name}
      className="hero-slider relative overflow-hidden bg-primary"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setHovered(false)}
    >
      <div
        aria-live={playing ? 'off' : 'polite'}
        className="flex transition-transform duration-700 ease-[cubic-bezier(0.22,1,0.36,1)]"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => {
          const current = i === index;
          // Off-screen lazy images would only start loading mid-transition: fetch the next one early.
          const soon = interactive && (current || i === (index + 1) % count);
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={!current}
              className="relative h-[min(72svh,560px)] w-full shrink-0 md:h-[clamp(420px,44vw,640px)]"
            >
              {/* A slide without a picture (the slider editor allows it) shows the theme's colour. */}
              {slide.image.url && (
                <img
                  src={imageUrl(slide.image.url, 1280)}
                  srcSet={srcSet(slide.image.url)}
                  sizes="100vw"
                  alt={slide.image.alt}
                  width={1600}
                  height={700}
                  loading={i === 0 || soon ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                  decoding={i === 0 ? 'sync' : 'async'}
                  className="absolute inset-0 size-full object-cover"
                />
              )}
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-t from-black/65 via-black/25 to-transparent md:bg-gradient-to-r md:from-black/55 md:via-black/20"
              />
              <Container className="relative flex h-full items-end pb-20 md:items-center md:pb-0">
                <div className="max-w-xl text-white">
                  <h2 className="text-4xl leading-[1.05] font-semibold drop-shadow-sm sm:text-5xl md:text-6xl">
                    {slide.title}
                  </h2>
                  {slide.subtitle && (
                    <p className="mt-4 max-w-md text-base text-white/90 md:text-lg">{slide.subtitle}</p>
                  )}
                  {slide.link_url && (
                    <SmartLink to={slide.link_url} className="btn btn-light mt-7">
                      {slide.link_text || 'Shop now'}
                    </SmartLink>
                  )}
                </div>
              </Container>
            </div>
          );
        })}
      </div>

      {interactive && count > 1 && (
        // Bottom left, clear of the corner the chat button takes (bottom right): the arrows, the
        // pause button, then the slide dots.
        <Container className="absolute inset-x-0 bottom-5 flex flex-wrap items-center gap-x-4 gap-y-2 md:bottom-8">
          <div className="flex items-center gap-2">
            <button type="button" className={controlButton} onClick={() => go(index - 1)} aria-label="Previous slide">
              <ChevronLeftIcon className="size-5" />
            </button>
            <button type="button" className={controlButton} onClick={() => go(index + 1)} aria-label="Next slide">
              <ChevronRightIcon className="size-5" />
            </button>
            <button
              type="button"
              className={controlButton}
              onClick={() => setChosen(!playing)}
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
            >
              {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
            </button>
          </div>
          <div className="flex items-center gap-2">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => go(i)}
                aria-label={`Show slide ${i + 1} of ${count}: ${slide.title}`}
                aria-current={i === index ? 'true' : undefined}
                className="group inline-flex h-11 items-center px-0.5"
              >
                <span
                  className={`block h-1.5 rounded-full transition-all duration-300 ${i === index ? 'w-8 bg-white' : 'w-3 bg-white/50 group-hover:bg-white/80'}`}
                />
              </button>
            ))}
          </div>
        </Container>
      )}
    </section>
  );
}
