import { useState, type ReactNode } from 'react';
import type { FacetValue, Facets } from '@shopfront/shared';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { SwatchDot } from '../swatch';
import { PARAM, type ListingState } from './listing-query';

/** A facet shows this many values, the rest behind "Show N more"; up to FOLD_FROM it shows them all. */
const VISIBLE_VALUES = 8;
const FOLD_FROM = 12;

/**
 * One facet, folded unless it holds a choice in force: the open groups' checkboxes are tab stops,
 * so folded groups keep the way from the header to the products short. A group opens by itself
 * when one of its values gets chosen elsewhere (a chip, Back); the shopper's own folding stays.
 */
function Group({ title, children, active }: { title: string; children: ReactNode; active: boolean }) {
  const [open, setOpen] = useState(active);
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (active) setOpen(true);
  }
  return (
    <details
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-facet={title}
      className="group/facet border-b border-ink/10 py-1 last:border-b-0"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between py-3.5 text-[15px] font-semibold [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDownIcon className="size-5 text-muted transition-transform group-open/facet:rotate-180" />
      </summary>
      <div className="pb-4">{children}</div>
    </details>
  );
}

function Checkbox({
  name,
  value,
  label,
  count,
  checked,
  swatch,
  swatchSlot = false,
}: {
  name: string;
  value: string;
  label: string;
  count: number;
  checked: boolean;
  /** The value's colour (#rrggbb), shown as a dot beside its name; the checkbox still says whether it is chosen. */
  swatch?: string | undefined;
  /** Other values of the list have a swatch: keep the dot's room so that the names line up. */
  swatchSlot?: boolean;
}) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-3 rounded-lg px-1 text-[15px] text-ink hover:bg-surface">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        // The form's own change handler submits; this keeps React's controlled input quiet.
        onChange={() => {}}
        className="size-[18px] shrink-0 rounded accent-[var(--sf-primary)]"
      />
      {swatch && (
        <SwatchDot
          colour={swatch}
          // Chosen: ringed as well (following the box itself, also before hydration).
          className="-mx-0.5 size-5 outline-offset-2 outline-ink [:checked~&]:outline-2 [:checked~&]:outline-solid"
        />
      )}
      {!swatch && swatchSlot && <span aria-hidden="true" className="-mx-0.5 size-5 shrink-0" />}
      <span className="min-w-0 flex-1 truncate">{label}</span>
      <span className="text-xs text-muted tabular-nums" aria-label={`${count} products`}>
        {count}
      </span>
    </label>
  );
}

function ValueList({
  name,
  values,
  isChecked,
}: {
  name: string;
  values: FacetValue[];
  isChecked: (v: string) => boolean;
}) {
  // Values nobody could pick (no product left) are hidden, unless the shopper picked them.
  const shown = values.filter((v) => v.count > 0 || isChecked(v.value));
  if (!shown.length) return <p className="text-sm text-muted">Nothing to choose here.</p>;
  // Hiding two or three values behind a button saves less than the button costs.
  const visible = shown.length <= FOLD_FROM ? shown.length : VISIBLE_VALUES;
  const first = shown.slice(0, visible);
  const rest = shown.slice(visible);
  const swatchSlot = shown.some((v) => v.swatch);
  const row = (v: FacetValue) => (
    <li key={v.value}>
      <Checkbox
        name={name}
        value={v.value}
        label={v.label}
        count={v.count}
        checked={isChecked(v.value)}
        swatch={v.swatch}
        swatchSlot={swatchSlot}
      />
    </li>
  );
  return (
    <>
      <ul className="space-y-0.5">{first.map(row)}</ul>
      {rest.length > 0 && (
        <details className="group/more" open={rest.some((v) => isChecked(v.value))}>
          <summary className="mt-1 cursor-pointer list-none px-1 py-1.5 text-sm font-semibold text-primary [&::-webkit-details-marker]:hidden">
            <span className="group-open/more:hidden">Show {rest.length} more</span>
            <span className="hidden group-open/more:inline">Show fewer</span>
          </summary>
          <ul className="space-y-0.5">{rest.map(row)}</ul>
        </details>
      )}
    </>
  );
}

/** Major units for the price inputs' hints (₹499, not 49900 paise). */
function major(amount: number | undefined, digits: number, round: 'floor' | 'ceil'): string {
  if (amount === undefined) return '';
  return String(Math[round](amount / 10 ** digits));
}

function PriceInputs({
  facets,
  state,
  digits,
  symbol,
}: {
  facets: Facets;
  state: ListingState;
  digits: number;
  symbol: string;
}) {
  const [min, setMin] = useState(state.minPrice?.toString() ?? '');
  const [max, setMax] = useState(state.maxPrice?.toString() ?? '');
  // The URL is the truth: follow it when it changes (back button, chips, "clear all").
  const [urlPrices, setUrlPrices] = useState({ min: state.minPrice, max: state.maxPrice });
  if (urlPrices.min !== state.minPrice || urlPrices.max !== state.maxPrice) {
    if (urlPrices.min !== state.minPrice) setMin(state.minPrice?.toString() ?? '');
    if (urlPrices.max !== state.maxPrice) setMax(state.maxPrice?.toString() ?? '');
    setUrlPrices({ min: state.minPrice, max: state.maxPrice });
  }
  const lo = major(facets.price.min?.amount, digits, 'floor');
  const hi = major(facets.price.max?.amount, digits, 'ceil');
  const input =
    'h-11 w-full min-w-0 appearance-none rounded-xl border border-ink/15 bg-background pr-2 pl-6 text-[15px] tabular-nums [-moz-appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none focus:border-primary focus:ring-2 focus:ring-primary/20 focus:outline-none';
  return (
    <div>
      <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
        <label className="min-w-0 text-xs font-medium text-muted">
          Min
          <span className="relative mt-1 block">
            <span aria-hidden="true" className="absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-muted">
              {symbol}
            </span>
            <input
              type="number"
              name={PARAM.minPrice}
              inputMode="numeric"
              min={0}
              step="any"
              placeholder={lo}
              value={min}
              onChange={(e) => setMin(e.target.value)}
              className={input}
            />
          </span>
        </label>
        <label className="min-w-0 text-xs font-medium text-muted">
          Max
          <span className="relative mt-1 block">
            <span aria-hidden="true" className="absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-muted">
              {symbol}
            </span>
            <input
              type="number"
              name={PARAM.maxPrice}
              inputMode="numeric"
              min={0}
              step="any"
              placeholder={hi}
              value={max}
              onChange={(e) => setMax(e.target.value)}
              className={input}
            />
          </span>
        </label>
        <button
          type="submit"
          aria-label="Apply price range"
          className="h-11 shrink-0 rounded-xl bg-ink px-3.5 text-sm font-semibold text-background hover:bg-ink/85"
        >
          Go
        </button>
      </div>
      {lo && hi && (
        <p className="mt-2 text-xs text-muted">
          From {facets.price.min?.formatted} to {facets.price.max?.formatted}
        </p>
      )}
    </div>
  );
}

export interface FilterPanelProps {
  facets: Facets;
  /** What the URL says (or is about to say, while navigating): checkboxes follow it. */
  state: ListingState;
  currencyDigits: number;
  currencySymbol: string;
  /** Search pages filter by category too; a category page does not list itself. */
  showCategories: boolean;
}

/** The facet groups: category, price, option values (Colour, Size), brand, availability. */
export function FilterGroups({ facets, state, currencyDigits, currencySymbol, showCategories }: FilterPanelProps) {
  const categories = facets.categories.filter((c) => c.count > 0 || state.categories.includes(c.value));
  const brands = facets.brands.filter((b) => b.count > 0 || state.brands.includes(b.value));
  return (
    <div>
      {showCategories && categories.length > 0 && (
        <Group title="Category" active={state.categories.length > 0}>
          <ValueList name={PARAM.category} values={facets.categories} isChecked={(v) => state.categories.includes(v)} />
        </Group>
      )}
      {(facets.price.min || state.minPrice !== null || state.maxPrice !== null) && (
        <Group title="Price" active={state.minPrice !== null || state.maxPrice !== null}>
          <PriceInputs facets={facets} state={state} digits={currencyDigits} symbol={currencySymbol} />
        </Group>
      )}
      {facets.options.map((o) => (
        <Group key={o.name} title={o.name} active={(state.options[o.name]?.length ?? 0) > 0}>
          <ValueList
            name={`${PARAM.option}${o.name}`}
            values={o.values}
            isChecked={(v) => state.options[o.name]?.includes(v) ?? false}
          />
        </Group>
      ))}
      {brands.length > 0 && (
        <Group title="Brand" active={state.brands.length > 0}>
          <ValueList name={PARAM.brand} values={facets.brands} isChecked={(v) => state.brands.includes(v)} />
        </Group>
      )}
      <Group title="Availability" active={state.inStock}>
        <Checkbox
          name={PARAM.inStock}
          value="1"
          label="In stock only"
          count={facets.in_stock.count}
          checked={state.inStock}
        />
      </Group>
    </div>
  );
}
