import { MARQUEE_DEFAULT_DURATION_S } from '@shopfront/shared';
import { useState } from 'react';
import { SmartLink } from '../../../components/smart-link';
import { PauseIcon, PlayIcon } from '../../../components/ui/icons';

/**
 * A strip of short messages scrolling sideways. The list is rendered twice so the loop is
 * seamless; the copy is hidden from assistive technology, which reads the messages once.
 * Moving for longer than five seconds, it has a visible pause button (WCAG 2.2.2), and it also
 * stops while hovered or focused. Reduced-motion users get a still, wrapping row (app.css) and
 * no button, as nothing moves.
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
  const [paused, setPaused] = useState(false);
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
      data-paused={paused ? 'true' : 'false'}
      style={{ ['--marquee-duration' as string]: `${durationS}s` }}
    >
      {/* Inline: app.css's unlayered animation rule outranks any utility class. */}
      <div className="marquee-track flex" style={paused ? { animationPlayState: 'paused' } : undefined}>
        {row(false)}
        {row(true)}
      </div>
    </div>
  );
  return (
    <section aria-label="Highlights" className="flex items-stretch bg-primary text-on-primary">
      {linkUrl ? (
        <SmartLink to={linkUrl} className="block min-w-0 flex-1 hover:bg-primary-hover">
          {strip}
        </SmartLink>
      ) : (
        <div className="min-w-0 flex-1">{strip}</div>
      )}
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-label={paused ? 'Play highlights' : 'Pause highlights'}
        className="marquee-toggle inline-flex w-12 shrink-0 items-center justify-center border-l border-on-primary/20 hover:bg-primary-hover focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-on-primary motion-reduce:hidden"
      >
        {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
      </button>
    </section>
  );
}
