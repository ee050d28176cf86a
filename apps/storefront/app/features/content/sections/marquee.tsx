import { MARQUEE_DEFAULT_DURATION_S } from '@shopfront/shared';
import { SmartLink } from '../../../components/smart-link';

/**
 * A strip of short messages scrolling sideways. The list is rendered twice so the loop is
 * seamless; the copy is hidden from assistive technology, which reads the messages once.
 * Reduced-motion users get a still, wrapping row (app.css).
 */
export function Marquee({
  items,
  durationS = MARQUEE_DEFAULT_DURATION_S,
  linkUrl,
}: {
  items: string[];
  durationS?: number;
  linkUrl?: string | null;
}) {
  // A short list is repeated so one row is wider than any screen and the loop never shows a gap.
  const filled = Array.from({ length: Math.max(1, Math.ceil(10 / items.length)) }, () => items).flat();
  const row = (hidden: boolean) => (
    <ul className="marquee-row flex shrink-0 items-center" aria-hidden={hidden || undefined}>
      {filled.map((item, i) => (
        <li
          key={i}
          aria-hidden={!hidden && i >= items.length ? true : undefined}
          className="flex items-center gap-8 pr-8 text-sm font-semibold tracking-[0.14em] whitespace-nowrap uppercase"
        >
          <span>{item}</span>
          <span aria-hidden="true" className="text-on-primary/50">
            ✦
          </span>
        </li>
      ))}
    </ul>
  );
  const strip = (
    <div
      className="marquee group flex overflow-hidden py-3.5"
      style={{ ['--marquee-duration' as string]: `${durationS}s` }}
    >
      <div className="marquee-track flex">
        {row(false)}
        {row(true)}
      </div>
    </div>
  );
  return (
    <section aria-label="Highlights" className="bg-primary text-on-primary">
      {linkUrl ? (
        <SmartLink to={linkUrl} className="block hover:bg-primary-hover">
          {strip}
        </SmartLink>
      ) : (
        strip
      )}
    </section>
  );
}
