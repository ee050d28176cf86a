import { z } from '../zod.ts';
import { MoneySchema } from '../money.ts';
import { messages } from '../messages.ts';
import { plainText } from './text.ts';
import { ImageRefSchema } from './storefront.ts';
import { bodyOrEmpty } from './base.ts';
import { LISTING_SORTS, SEARCH_QUERY_MAX_LENGTH } from '../constants.ts';
import { FacetsSchema, PaginationSchema, ProductCardSchema, listingPagingShape } from './catalog.ts';

export const SEARCH_SUGGESTION_PRODUCTS = 8;
export const SEARCH_SUGGESTION_CATEGORIES = 5;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/**
 * What is searched for in `raw`: control characters (NUL: PostgreSQL text cannot hold it) are
 * separators, never content. The storefront reads its `?q=` with this too, so a URL holding
 * only control characters is an empty search, not a refused one.
 */
export const searchTextOf = (raw: string): string => raw.replace(CONTROL_CHARS, ' ').trim();

/** The search text: required (blank counts as missing), at most SEARCH_QUERY_MAX_LENGTH characters. */
export const SearchQueryTextSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? messages.required : messages.fallback) })
  .transform(searchTextOf)
  .pipe(
    plainText(
      z
        .string()
        .trim()
        .min(1, { error: messages.required })
        .max(SEARCH_QUERY_MAX_LENGTH, { error: messages.maxLength(SEARCH_QUERY_MAX_LENGTH) }),
    ),
  );

/** GET /api/search/search?query=… (suggestions while typing). */
export const SearchSuggestQuerySchema = z.object({ query: SearchQueryTextSchema });

/**
 * The query with its misspelt words corrected to words the catalogue has ("shrit" → "shirt"), when
 * a word is in no product but one close to it is; null otherwise. Shown as "Did you mean …?".
 */
const DidYouMeanSchema = z.string().nullable();

export const SearchSuggestionSchema = z.object({
  query: z.string(),
  did_you_mean: DidYouMeanSchema,
  products: z.array(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      url: z.string(),
      image: ImageRefSchema.nullable(),
      price: MoneySchema,
    }),
  ),
  categories: z.array(z.object({ slug: z.string(), name: z.string(), url: z.string() })),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

const SearchProductsBodyObjectSchema = z.object({ query: SearchQueryTextSchema, ...listingPagingShape }).strict();
/** POST /api/search/search-products: the query plus the listing filters, sort and paging. */
export const SearchProductsBodySchema = bodyOrEmpty(SearchProductsBodyObjectSchema);
/** What a client may send: `query` (required) plus the listing body's optional fields. */
export type SearchProductsBody = z.input<typeof SearchProductsBodyObjectSchema>;
export type SearchProductsQuery = z.output<typeof SearchProductsBodySchema>;

export const SearchResultsSchema = z.object({
  query: z.string(),
  did_you_mean: DidYouMeanSchema,
  products: z.array(ProductCardSchema),
  pagination: PaginationSchema,
  facets: FacetsSchema,
  sort: z.enum(LISTING_SORTS),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
