/**
 * A colour swatch: the round dot shown beside an option value (a Colour filter, the product
 * page's colour choice) when the shop has set one for it (option_swatches). Decorative: the value's
 * name is always there as text, so the dot is hidden from assistive technology.
 */

/** Perceived brightness of #rrggbb above which a dot would fade into a light page. */
const LIGHT = 200;

/** Whether a #rrggbb colour is light (Ivory, Sky): it then gets a darker edge. */
export function isLightColour(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  if (Number.isNaN(n)) return false;
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) > LIGHT;
}

export function SwatchDot({
  colour,
  className = 'size-5',
  onDark = false,
  struck = false,
}: {
  colour: string;
  className?: string;
  /** The dot sits on a dark (ink) background: its edge is light instead. */
  onDark?: boolean;
  /** Sold out: a diagonal stroke across the dot, as the name beside it is struck through. */
  struck?: boolean;
}) {
  const edge = onDark ? 'border-background/70' : isLightColour(colour) ? 'border-ink/55' : 'border-ink/20';
  return (
    <span
      aria-hidden="true"
      data-swatch={colour}
      className={`relative inline-block shrink-0 overflow-hidden rounded-full border ${edge} ${className}`}
      style={{ backgroundColor: colour }}
    >
      {struck && (
        <span className="absolute top-1/2 left-1/2 h-[2px] w-[140%] -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-background ring-1 ring-ink/70" />
      )}
    </span>
  );
}
