/** One star's outline (20 × 20, relative moves only), repeated every STEP units along the row. */
const STAR = 'l2.6 5.4 5.9.8-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z';
const STEP = 22;
const ROW_PATH = [0, 1, 2, 3, 4].map((i) => `M${10 + i * STEP} 1.5${STAR}`).join('');
const ROW_WIDTH = 4 * STEP + 20;
/** Where a star's outline starts and ends inside its 20-unit box. */
const STAR_LEFT = 1.5;
const STAR_WIDTH = 17;

/**
 * How much of the row the fill covers for `rating`: whole stars, then the next star by its own
 * fraction of its outline (not of the gaps), so 4.1 shows a sliver of the fifth star.
 */
function fillPercent(rating: number): number {
  const r = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(r);
  const part = r - whole;
  const units = whole * STEP + (part > 0 ? STAR_LEFT + part * STAR_WIDTH : 0);
  return Math.min(100, (units / ROW_WIDTH) * 100);
}

/**
 * Five stars filled to `rating` (fractions allowed). The text alternative says the number.
 * `className` sets the stars' height (e.g. 'h-5'); the row is as wide as five of them.
 */
export function Stars({ rating, className = 'h-4', label }: { rating: number; className?: string; label?: string }) {
  const pct = fillPercent(rating);
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${Math.round(rating * 10) / 10} out of 5`}
      className="relative inline-flex shrink-0 text-ink/25"
    >
      <StarRow className={className} />
      <span className="absolute inset-0 overflow-hidden text-accent" style={{ width: `${pct.toFixed(2)}%` }}>
        <StarRow className={className} />
      </span>
    </span>
  );
}

/** The five stars as one drawing: two elements a row, however many ratings a page shows. */
function StarRow({ className }: { className: string }) {
  return (
    <svg
      viewBox={`0 0 ${ROW_WIDTH} 20`}
      fill="currentColor"
      className={`${className} w-auto max-w-none shrink-0`}
      style={{ aspectRatio: `${ROW_WIDTH} / 20` }}
      aria-hidden="true"
      focusable="false"
    >
      <path d={ROW_PATH} />
    </svg>
  );
}
