import { Link } from 'react-router';
import { ApiError, SEARCH_QUERY_MAX_LENGTH, searchTextOf, type SearchResults } from '@shopfront/shared';
import type { Route } from './+types/search';
import { Container } from '../components/container';
import { Breadcrumb } from '../components/breadcrumb';
import { gridColumnsFromRequest } from '../features/catalog/listing/grid-columns';
import { LISTING_PER_PAGE, currencyDigits } from '../features/catalog/listing/listing-loader.server';
import { hasFilters, parseListingParams, toListingBody } from '../features/catalog/listing/listing-query';
import { ListingView } from '../features/catalog/listing/listing-view';
import { api } from '../lib/api.server';
import { badRequest, errorResponse } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { browsingShouldRevalidate } from '../features/cart/revalidation';

export const handle = { page: { slug: 'search' } };

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = searchTextOf(url.searchParams.get('q') ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH);
  const columns = gridColumnsFromRequest(request);
  if (!query) return { query, results: null as SearchResults | null, columns, filtered: false };
  const client = api(context);
  const state = parseListingParams(url.searchParams);
  const digits = await currencyDigits(client, state);
  try {
    const results = await client.searchProducts({ query, ...toListingBody(state, digits, LISTING_PER_PAGE) });
    return { query, results, columns, filtered: hasFilters(state) };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 422)) throw searchFailed(err);
    // The text itself is refused (a broken character): nothing to retry, the address is wrong.
    if (err.errors.query) throw badRequest(SEARCH_NOT_UNDERSTOOD);
  }
  // Hand-edited filters the API refuses: search again without them.
  try {
    const results = await client.searchProducts({ query, per_page: LISTING_PER_PAGE });
    return { query, results, columns, filtered: false };
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) throw badRequest(SEARCH_NOT_UNDERSTOOD);
    throw searchFailed(err);
  }
}

const SEARCH_NOT_UNDERSTOOD = 'This search could not be understood. Please type it again.';

function searchFailed(err: unknown) {
  console.error('search failed', err);
  return errorResponse({ kind: 'server-error' });
}

/** Add to cart from a quickview changes nothing this page shows. */
export const shouldRevalidate = browsingShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.query;
  // Search result pages are for shoppers, not for search engines.
  return shopMeta(rootDataFrom(matches), { title: q ? `Search: ${q}` : 'Search', noindex: true });
}

const crumbs = [{ label: 'Home', to: '/' }, { label: 'Search' }];

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results, columns } = loaderData;
  if (!results) {
    return (
      <Container className="py-12 md:py-20">
        <Breadcrumb items={crumbs} />
        <h1 className="mt-4 text-3xl font-semibold md:text-5xl">Search</h1>
        <p className="mt-3 text-muted">
          Type what you are looking for in the search box above: a product, a colour, a material.
        </p>
        <Link to="/shop-online" className="btn btn-primary mt-8">
          Browse all products
        </Link>
      </Container>
    );
  }
  return (
    <ListingView
      eyebrow="Search results"
      title={`“${query}”`}
      crumbs={crumbs}
      products={results.products}
      pagination={results.pagination}
      facets={results.facets}
      sort={results.sort}
      columns={columns}
      defaultSortLabel="Relevance"
      showCategories
      hidden={{ q: query }}
      empty={
        <div className="rounded-3xl bg-surface px-6 py-16 text-center">
          <p className="text-lg font-semibold">
            {loaderData.filtered ? 'No products match these filters' : `Nothing found for “${query}”`}
          </p>
          <p className="mt-2 text-muted">Check the spelling, or try a more general word like “shirt” or “mug”.</p>
          <Link to="/shop-online" className="btn btn-primary mt-6">
            Browse all products
          </Link>
        </div>
      }
    />
  );
}
