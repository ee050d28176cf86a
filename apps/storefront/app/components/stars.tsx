/** One star's outline (20 × 20, relative moves only), repeated every STEP units along the row. */
const STAR = 'l2.6 5.4 5.9.8-4.3 4.1 1 5.9-5.2-2.8-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z';
const STEP = 22;
const ROW_PATH = [0, 1, 2, 3, 4].map((i) => `M${10 + i * STEP} 1.5${STAR}`).join('');
const ROW_WIDTH = 4 * STEP + 20;

/**
 * Five stars filled to `rating` (fractions allowed). The text alternative says the number.
 * `className` sets the stars' height (e.g. 'h-5'); the row is as wide as five of them.
 */
export function Stars({ rating, className = 'h-4', label }: { rating: number; className?: string; label?: string }) {
  const pct = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${Math.round(rating * 10) / 10} out of 5`}
      className="relative inline-flex shrink-0 text-ink/15"
    >
      <StarRow className={className} />
      <span className="absolute inset-0 overflow-hidden text-accent" style={{ width: `${pct}%` }}>
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
