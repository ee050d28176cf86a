import { Link } from 'react-router';
import type { SingleProduct, Variant } from '@shopfront/shared';
import { optionValueViews, type OptionValueView } from './variants';

interface VariantPickerProps {
  options: SingleProduct['options'];
  variants: Variant[];
  current: Variant | undefined;
  /** Product page: each value is a link to its variant's URL (works without JavaScript). */
  hrefFor?: (variant: Variant) => string;
  /** Quickview: each value is a button that changes the choice in place. */
  onChoose?: (variant: Variant) => void;
  idPrefix: string;
}

const base =
  'relative inline-flex min-h-11 min-w-12 items-center justify-center overflow-hidden rounded-full border px-4 text-sm font-medium transition-colors';

function valueClass(v: OptionValueView): string {
  if (v.selected) return `${base} border-ink bg-ink text-background`;
  if (v.state === 'absent') return `${base} cursor-not-allowed border-ink/10 text-ink/30`;
  if (v.state === 'unavailable') return `${base} border-dashed border-ink/25 text-ink/45 hover:border-ink/50`;
  if (v.state === 'out_of_stock') return `${base} border-ink/15 text-ink/55 hover:border-ink/50`;
  return `${base} border-ink/20 text-ink hover:border-ink`;
}

/** A diagonal line across values that cannot be bought as they stand. */
function Strike({ v }: { v: OptionValueView }) {
  if (v.state === 'available') return null;
  return (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute inset-0 bg-[linear-gradient(to_top_right,transparent_calc(50%-0.75px),currentColor_calc(50%-0.75px),currentColor_calc(50%+0.75px),transparent_calc(50%+0.75px))] ${v.selected ? 'opacity-60' : 'opacity-50'}`}
    />
  );
}

function stateText(v: OptionValueView, others: string): string {
  switch (v.state) {
    case 'out_of_stock':
      return 'out of stock';
    case 'unavailable':
      return others ? `not available with ${others}` : 'not available';
    case 'absent':
      return 'not available';
    default:
      return '';
  }
}

/**
 * One row of choices per option (Colour, Size). Sold-out combinations are struck through but
 * can still be chosen (to see them); combinations that do not exist are struck through with a
 * dashed border and lead to the nearest one that does; values no variant has are disabled.
 */
export function VariantPicker({ options, variants, current, hrefFor, onChoose, idPrefix }: VariantPickerProps) {
  const rows = optionValueViews(options, variants, current);
  if (!rows.length || (rows.length === 1 && rows[0]!.values.length <= 1 && variants.length <= 1)) return null;
  return (
    <div className="space-y-5">
      {rows.map((row) => {
        const labelId = `${idPrefix}-${row.name.replace(/\W+/g, '-').toLowerCase()}`;
        const chosen = row.values.find((v) => v.selected);
        const others = Object.entries(current?.options ?? {})
          .filter(([n]) => n !== row.name)
          .map(([, val]) => val)
          .join(', ');
        return (
          <div key={row.name} role="group" aria-labelledby={labelId}>
            <p id={labelId} className="mb-2.5 text-sm text-muted">
              <span className="font-semibold text-ink">{row.name}</span>
              {chosen && <span>: {chosen.value}</span>}
            </p>
            <ul className="flex flex-wrap gap-2">
              {row.values.map((v) => {
                const extra = stateText(v, others);
                const label = `${row.name}: ${v.value}${extra ? `, ${extra}` : ''}`;
                const content = (
                  <>
                    <Strike v={v} />
                    <span className="relative">{v.value}</span>
                  </>
                );
                return (
                  <li key={v.value}>
                    {v.target === null ? (
                      <span role="link" aria-disabled="true" aria-label={label} className={valueClass(v)}>
                        {content}
                      </span>
                    ) : hrefFor ? (
                      <Link
                        to={hrefFor(v.target)}
                        replace
                        preventScrollReset
                        aria-label={label}
                        aria-current={v.selected ? 'true' : undefined}
                        data-state={v.state}
                        className={valueClass(v)}
                      >
                        {content}
                      </Link>
                    ) : (
                      <button
                        type="button"
                        onClick={() => onChoose?.(v.target!)}
                        aria-label={label}
                        aria-pressed={v.selected}
                        data-state={v.state}
                        className={valueClass(v)}
                      >
                        {content}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
