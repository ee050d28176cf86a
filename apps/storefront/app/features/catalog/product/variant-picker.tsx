import { useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SingleProduct, Variant } from '@shopfront/shared';
import { useHydrated } from '../../../lib/use-hydrated';
import { SwatchDot } from '../swatch';
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

const baseShape =
  'relative inline-flex min-h-11 min-w-12 items-center justify-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:rounded-full';

/**
 * How a value looks. Chosen: filled, or, when that choice is sold out, a heavy outline around a
 * struck-through label (chosen, and plainly not buyable). Not chosen: struck through when sold
 * out, dashed when the combination is not made, faint when no variant has it.
 */
function valueClass(v: OptionValueView, swatch: boolean): string {
  const soldOut = v.state !== 'available';
  // A value with a swatch: the dot sits at the start, closer to the edge than the text would.
  const base = swatch ? `${baseShape} gap-2 pl-2.5` : baseShape;
  if (v.selected && !soldOut) return `${base} border-ink bg-ink text-background`;
  if (v.selected) return `${base} border-ink bg-surface text-ink ring-1 ring-ink ring-inset`;
  if (v.state === 'absent') return `${base} cursor-not-allowed border-ink/10 text-ink/40`;
  if (v.state === 'unavailable') return `${base} border-dashed border-ink/30 text-muted hover:border-ink/60`;
  if (v.state === 'out_of_stock') return `${base} border-ink/15 text-muted hover:border-ink/50`;
  return `${base} border-ink/20 text-ink hover:border-ink`;
}

function stateText(v: OptionValueView, others: string): string {
  switch (v.state) {
    case 'out_of_stock':
      return 'sold out';
    case 'unavailable':
      return others ? `not available with ${others}` : 'not available';
    case 'absent':
      return 'not available';
    default:
      return '';
  }
}

/**
 * One radio group per option (Colour, Size). Arrow keys move through a group and choose as they
 * go, Space chooses, Tab leaves the group (one tab stop each: the chosen value). Sold-out values
 * stay choosable (to see them: price, pictures, "Sold out"); a combination that is not made leads
 * to the nearest one that is; a value no variant has is focusable but disabled. On the product page each
 * value is also a link to its variant's URL, so choosing works before (and without) JavaScript.
 */
export function VariantPicker({ options, variants, current, hrefFor, onChoose, idPrefix }: VariantPickerProps) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const groups = useRef(new Map<string, HTMLElement | null>());
  const rows = optionValueViews(options, variants, current);
  if (!rows.length || (rows.length === 1 && rows[0]!.values.length <= 1 && variants.length <= 1)) return null;

  const choose = (target: Variant) => {
    if (hrefFor) void navigate(hrefFor(target), { replace: true, preventScrollReset: true });
    else onChoose?.(target);
  };

  const onKeyDown = (row: (typeof rows)[number], e: KeyboardEvent<HTMLDivElement>) => {
    const radios = [...(groups.current.get(row.name)?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])];
    const at = radios.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    if (e.key === ' ') {
      // Space chooses, as on any radio (a link would otherwise scroll the page).
      e.preventDefault();
      const target = row.values[at]?.target;
      if (target && !row.values[at]!.selected) choose(target);
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const jump = e.key === 'Home' ? 0 : e.key === 'End' ? radios.length - 1 : null;
    if (step === undefined && jump === null) return;
    e.preventDefault();
    // Every value is reachable, sold out or not; one that no variant has only takes the focus.
    const next = jump ?? (at + step! + radios.length) % radios.length;
    const value = row.values[next];
    radios[next]?.focus();
    if (value?.target && !value.selected) choose(value.target);
  };

  return (
    <div className="space-y-5">
      {rows.map((row) => {
        const labelId = `${idPrefix}-${row.name.replace(/\W+/g, '-').toLowerCase()}`;
        const chosen = row.values.find((v) => v.selected);
        const others = row.above.join(', ');
        // The one tab stop of the group: the chosen value, else the first.
        const tabStop = chosen ?? row.values[0];
        const swatches = options.find((o) => o.name === row.name)?.swatches;
        return (
          <div key={row.name}>
            <p id={labelId} className="mb-2.5 text-sm text-muted">
              <span className="font-semibold text-ink">{row.name}</span>
              {chosen && (
                <>
                  <span>: {chosen.value}</span>
                  {chosen.state !== 'available' && (
                    <span className="ml-2 font-semibold text-ink" data-testid={`${idPrefix}-chosen-sold-out`}>
                      · Sold out
                    </span>
                  )}
                </>
              )}
            </p>
            <div
              role="radiogroup"
              aria-labelledby={labelId}
              ref={(el) => {
                groups.current.set(row.name, el);
              }}
              onKeyDown={(e) => onKeyDown(row, e)}
              className="flex flex-wrap gap-2"
            >
              {row.values.map((v) => {
                const extra = stateText(v, others);
                // Own keys only: a value named like an Object method (constructor, toString) has no swatch.
                const swatch = swatches && Object.hasOwn(swatches, v.value) ? swatches[v.value] : undefined;
                const content = (
                  <>
                    {swatch && (
                      <SwatchDot
                        colour={swatch}
                        className="size-6"
                        onDark={v.selected && v.state === 'available'}
                        struck={v.state !== 'available'}
                      />
                    )}
                    <span className={v.state === 'available' ? '' : 'line-through decoration-1'}>{v.value}</span>
                    {/* In brackets: a name reads "XS (sold out)" however the spaces around it are counted. */}
                    {extra && <span className="sr-only"> ({extra})</span>}
                  </>
                );
                const common = {
                  role: 'radio' as const,
                  'aria-checked': v.selected,
                  'aria-disabled': v.target === null ? true : undefined,
                  // Before hydration every value is an ordinary link in the tab order; after it,
                  // the group is one tab stop and the arrow keys move inside it.
                  tabIndex: hydrated ? (v === tabStop ? 0 : -1) : undefined,
                  'data-state': v.state,
                  className: valueClass(v, swatch !== undefined),
                };
                if (v.target === null)
                  return (
                    <span key={v.value} {...common} tabIndex={hydrated ? (v === tabStop ? 0 : -1) : 0}>
                      {content}
                    </span>
                  );
                return hrefFor ? (
                  <Link key={v.value} {...common} to={hrefFor(v.target)} replace preventScrollReset>
                    {content}
                  </Link>
                ) : (
                  <button key={v.value} type="button" {...common} onClick={() => !v.selected && onChoose?.(v.target!)}>
                    {content}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
