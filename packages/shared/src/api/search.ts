import type {
  SearchProductsBodySchema,
  SearchResultsSchema,
  SearchSuggestQuerySchema,
  SearchSuggestionSchema,
} from '../schemas/search.ts';
import { endpoint } from './endpoint.ts';

/** Search suggestions and results (spec section 7, Search). */
export const searchApi = {
  suggestions: endpoint<{ query: typeof SearchSuggestQuerySchema; data: typeof SearchSuggestionSchema }>(
    'GET',
    '/api/search/search',
  ),
  products: endpoint<{ body: typeof SearchProductsBodySchema; data: typeof SearchResultsSchema }>(
    'POST',
    '/api/search/search-products',
  ),
} as const;
