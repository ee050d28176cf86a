import { LISTING_SORTS, type ListingBody, type ListingFilters, type ListingSort } from '@shopfront/shared';

/**
 * A listing's state lives in the URL query, so a filtered page can be shared, bookmarked,
 * crawled and submitted by a plain GET form without JavaScript:
 *
 *   ?category=t-shirts&brand=loom&opt.Colour=Indigo&opt.Size=M&min_price=500&max_price=2000
 *    &in_stock=1&sort=price_asc&page=2
 *
 * Prices are in major units (rupees): what the shopper typed. The API wants minor units.
 */
export const PARAM = {
  brand: 'brand',
  category: 'category',
  option: 'opt.',
  minPrice: 'min_price',
  maxPrice: 'max_price',
  inStock: 'in_stock',
  sort: 'sort',
  page: 'page',
  query: 'q',
} as const;

export interface ListingState {
  brands: string[];
  categories: string[];
  options: Record<string, string[]>;
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  sort: ListingSort | null;
  page: number;
}

const MAX_VALUES = 50;
const clean = (values: string[]) =>
  [...new Set(values.map((v) => v.trim()).filter((v) => v && v.length <= 100))].slice(0, MAX_VALUES);

function price(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? n : null;
}

/** Reads the listing state from a query string; malformed values are dropped, never an error. */
export function parseListingParams(params: URLSearchParams): ListingState {
  const options: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!key.startsWith(PARAM.option)) continue;
    const name = key.slice(PARAM.option.length).trim();
    const values = clean(params.getAll(key));
    if (name && name.length <= 50 && values.length && Object.keys(options).length < 10) options[name] = values;
  }
  let minPrice = price(params.get(PARAM.minPrice));
  let maxPrice = price(params.get(PARAM.maxPrice));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const sort = params.get(PARAM.sort);
  const page = params.get(PARAM.page);
  return {
    brands: clean(params.getAll(PARAM.brand)),
    categories: clean(params.getAll(PARAM.category)),
    options,
    minPrice,
    maxPrice,
    inStock: ['1', 'true', 'on'].includes(params.get(PARAM.inStock) ?? ''),
    sort: sort && (LISTING_SORTS as readonly string[]).includes(sort) ? (sort as ListingSort) : null,
    page: page && /^\d{1,4}$/.test(page) ? Math.max(1, Math.min(1000, Number(page))) : 1,
  };
}

/** True when anything narrows the listing (sort and page do not). */
export function hasFilters(s: ListingState): boolean {
  return (
    s.brands.length > 0 ||
    s.categories.length > 0 ||
    Object.keys(s.options).length > 0 ||
    s.minPrice !== null ||
    s.maxPrice !== null ||
    s.inStock
  );
}

/** The API body for a listing state. `minorDigits`: 2 for INR (rupees → paise). */
export function toListingBody(s: ListingState, minorDigits: number, perPage: number): ListingBody {
  const scale = 10 ** minorDigits;
  const filters: ListingFilters = {};
  if (s.brands.length) filters.brands = s.brands;
  if (s.categories.length) filters.categories = s.categories;
  if (Object.keys(s.options).length) filters.options = s.options;
  if (s.minPrice !== null) filters.price_min = Math.round(s.minPrice * scale);
  if (s.maxPrice !== null) filters.price_max = Math.round(s.maxPrice * scale);
  if (s.inStock) filters.in_stock = true;
  return { filters, ...(s.sort ? { sort: s.sort } : {}), page: s.page, per_page: perPage };
}

/** The query without one filter value (for the remove-chip links); always back to page 1. */
export function withoutParam(search: string, key: string, value?: string): string {
  const params = new URLSearchParams(search);
  if (value === undefined) params.delete(key);
  else {
    const rest = params.getAll(key).filter((v) => v !== value);
    params.delete(key);
    for (const v of rest) params.append(key, v);
  }
  params.delete(PARAM.page);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Only the query parameters that are not filters (search text, sort): "clear all" keeps them. */
export function clearFiltersSearch(search: string): string {
  const params = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const key of [PARAM.query, PARAM.sort]) {
    const v = params.get(key);
    if (v) keep.set(key, v);
  }
  const s = keep.toString();
  return s ? `?${s}` : '';
}
