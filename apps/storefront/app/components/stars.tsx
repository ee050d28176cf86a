/** Five stars filled to `rating` (fractions allowed). The text alternative says the number. */
export function Stars({ rating, className = 'size-4', label }: { rating: number; className?: string; label?: string }) {
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

function StarRow({ className }: { className: string }) {
  return (
    <span className="flex gap-0.5" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <svg key={i} viewBox="0 0 20 20" fill="currentColor" className={`${className} shrink-0`} focusable="false">
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}
