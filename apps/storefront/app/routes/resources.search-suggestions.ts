import { SEARCH_QUERY_MAX_LENGTH, searchTextOf, type SearchSuggestion } from '@shopfront/shared';
import type { Route } from './+types/resources.search-suggestions';
import { api } from '../lib/api.server';
import { logFailure } from '../lib/errors';

/** Suggestions for the header search box (products and categories), for `useFetcher().load()`. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const q = searchTextOf(new URL(request.url).searchParams.get('q') ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH);
  const empty: SearchSuggestion = { query: q, did_you_mean: null, products: [], categories: [] };
  if (q.length < 2) return empty;
  try {
    return await api(context).searchSuggestions(q);
  } catch (err) {
    // Suggestions are a convenience: a failure shows none, the search itself still works.
    logFailure('search suggestions failed', err);
    return empty;
  }
}
