import type { SingleProduct, Variant } from '@shopfront/shared';

type Options = SingleProduct['options'];
type Images = SingleProduct['images'];

/** The variant to show first: the one the URL names (by id or sku), else the default, else one in stock. */
export function initialVariant(
  variants: Variant[],
  want: { id?: string | null; sku?: string | null } = {},
): Variant | undefined {
  const sku = want.sku?.toLowerCase();
  return (
    (want.id ? variants.find((v) => v.id === want.id) : undefined) ??
    (sku ? variants.find((v) => v.sku.toLowerCase() === sku) : undefined) ??
    variants.find((v) => v.is_default) ??
    variants.find((v) => v.in_stock) ??
    variants[0]
  );
}

export type OptionValueState =
  /** This combination exists and is in stock. */
  | 'available'
  /** This combination exists but is sold out. */
  | 'out_of_stock'
  /** The value exists, but not together with the other current choices (a gap). */
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
 * For every option value: what choosing it would select, and whether that is in stock, sold
 * out, or a combination that does not exist (then the nearest variant with that value: the one
 * sharing most of the other current choices, in stock first).
 */
export function optionValueViews(options: Options, variants: Variant[], current: Variant | undefined) {
  return options.map((option) => ({
    name: option.name,
    values: option.values.map((value): OptionValueView => {
      const selected = current?.options[option.name] === value;
      const wanted = { ...(current?.options ?? {}), [option.name]: value };
      const exact = variants.find((v) => matches(v, wanted));
      if (exact) return { value, selected, state: exact.in_stock ? 'available' : 'out_of_stock', target: exact };
      const withValue = variants.filter((v) => v.options[option.name] === value);
      if (!withValue.length) return { value, selected, state: 'absent', target: null };
      const score = (v: Variant) =>
        Object.entries(current?.options ?? {}).filter(([n, val]) => n !== option.name && v.options[n] === val).length *
          2 +
        (v.in_stock ? 1 : 0);
      const nearest = [...withValue].sort((a, b) => score(b) - score(a))[0]!;
      return { value, selected, state: 'unavailable', target: nearest };
    }),
  }));
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
