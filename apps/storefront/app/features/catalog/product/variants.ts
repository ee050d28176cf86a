import type { SingleProduct, Variant } from '@shopfront/shared';

type Options = SingleProduct['options'];
type Images = SingleProduct['images'];

/**
 * The variant to show first: the one the URL names (by id or sku), whether in stock or not;
 * else the default while it is in stock; else the first in stock in option order (the first
 * colour's smallest size that can be bought); else the default, sold out like every other.
 */
export function initialVariant(
  variants: Variant[],
  want: { id?: string | null; sku?: string | null } = {},
  options: Options = [],
): Variant | undefined {
  const sku = want.sku?.toLowerCase();
  const named =
    (want.id ? variants.find((v) => v.id === want.id) : undefined) ??
    (sku ? variants.find((v) => v.sku.toLowerCase() === sku) : undefined);
  if (named) return named;
  const fallback = variants.find((v) => v.is_default) ?? variants[0];
  if (fallback?.in_stock) return fallback;
  return byOptionOrder(variants, options).find((v) => v.in_stock) ?? fallback;
}

/** Variants sorted by the position of each of their values in the option lists, axis by axis. */
function byOptionOrder(variants: Variant[], options: Options): Variant[] {
  const rank = (v: Variant) =>
    options.map((o) => {
      const i = o.values.indexOf(v.options[o.name] ?? '');
      return i < 0 ? o.values.length : i;
    });
  return variants
    .map((v, i) => ({ v, i, r: rank(v) }))
    .sort((a, b) => {
      for (let k = 0; k < a.r.length; k++) if (a.r[k] !== b.r[k]) return a.r[k]! - b.r[k]!;
      return a.i - b.i;
    })
    .map((x) => x.v);
}

export type OptionValueState =
  /** Can be bought together with the choices made in the options above it. */
  | 'available'
  /** Exists with the choices above it, but every such variant is sold out. */
  | 'out_of_stock'
  /** The value exists, but not together with the choices above it (a gap). */
  | 'unavailable'
  /** No variant has this value at all. */
  | 'absent';

export interface OptionValueView {
  value: string;
  selected: boolean;
  state: OptionValueState;
  /** The variant choosing this value leads to; null when the value cannot be chosen. */
  target: Variant | null;
}

const matches = (v: Variant, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([name, value]) => v.options[name] === value);

/**
 * For every option value: what choosing it would select, and whether that can be bought. Options
 * are read top down, as a shopper chooses: a colour is available when some size of it is in
 * stock; a size, when it is in stock in the chosen colour. So a sold-out choice is marked once,
 * on the option that makes it sold out, not on every row. Choosing a value keeps the other
 * choices when that combination exists, else leads to the nearest variant with that value (the
 * one sharing most of the other current choices, in stock first).
 */
export function optionValueViews(options: Options, variants: Variant[], current: Variant | undefined) {
  return options.map((option, index) => {
    const above: Record<string, string> = {};
    for (const o of options.slice(0, index)) {
      const chosen = current?.options[o.name];
      if (chosen !== undefined) above[o.name] = chosen;
    }
    return {
      name: option.name,
      /** The choices above this option ("Olive"), for "not available with Olive". */
      above: Object.values(above),
      values: option.values.map((value): OptionValueView => {
        const selected = current?.options[option.name] === value;
        const withValue = variants.filter((v) => v.options[option.name] === value);
        if (!withValue.length) return { value, selected, state: 'absent', target: null };
        const reachable = withValue.filter((v) => matches(v, above));
        const state = !reachable.length
          ? 'unavailable'
          : reachable.some((v) => v.in_stock)
            ? 'available'
            : 'out_of_stock';
        const exact = variants.find((v) => matches(v, { ...(current?.options ?? {}), [option.name]: value }));
        if (exact) return { value, selected, state, target: exact };
        const score = (v: Variant) =>
          Object.entries(current?.options ?? {}).filter(([n, val]) => n !== option.name && v.options[n] === val)
            .length *
            2 +
          (v.in_stock ? 1 : 0);
        const nearest = [...withValue].sort((a, b) => score(b) - score(a))[0]!;
        return { value, selected, state, target: nearest };
      }),
    };
  });
}

/** Gallery order: images of the chosen variant's option values (its colour) first, then shared ones. */
export function imagesFor(images: Images, variant: Variant | undefined): Images {
  const values = new Set(Object.values(variant?.options ?? {}));
  const own = images.filter((img) => img.option_value !== null && values.has(img.option_value));
  const shared = images.filter((img) => img.option_value === null);
  if (!own.length) {
    // No image for this choice: everything, so the gallery is never empty.
    return shared.length ? [...shared, ...images.filter((i) => i.option_value !== null)] : images;
  }
  return [...own, ...shared];
}

/** A short human name of the choice, e.g. "Indigo / M". */
export function variantLabel(variant: Variant | undefined, options: Options): string {
  if (!variant) return '';
  return options
    .map((o) => variant.options[o.name])
    .filter(Boolean)
    .join(' / ');
}
