import { Link } from 'react-router';
import {
  ApiError,
  SEARCH_QUERY_MAX_LENGTH,
  searchTextOf,
  type CategoryNode,
  type ProductCard,
  type SearchResults,
} from '@shopfront/shared';
import { listingClientLoader, listingShouldRevalidate } from '../features/catalog/listing/listing-navigation';
import type { Route } from './+types/search';
import { Container } from '../components/container';
import { Breadcrumb } from '../components/breadcrumb';
import { gridColumnsFromRequest } from '../features/catalog/listing/grid-columns';
import { LISTING_PER_PAGE, currencyDigits } from '../features/catalog/listing/listing-loader.server';
import { hasFilters, parseListingParams, toListingBody } from '../features/catalog/listing/listing-query';
import { ListingView } from '../features/catalog/listing/listing-view';
import { ProductGrid } from '../features/catalog/listing/product-grid';
import { SearchForm } from '../features/layout/search-form';
import { api } from '../lib/api.server';
import { badRequest, errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { SHARED_PAGE } from '../lib/shared-page';

export const handle = { ...SHARED_PAGE, page: { slug: 'search' } };

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = searchTextOf(url.searchParams.get('q') ?? '').slice(0, SEARCH_QUERY_MAX_LENGTH);
  const columns = gridColumnsFromRequest(request);
  const client = api(context);
  if (!query)
    return { query, results: null as SearchResults | null, columns, filtered: false, ideas: await ideasFor(client) };
  const state = parseListingParams(url.searchParams);
  const digits = await currencyDigits(client, state);
  try {
    const results = await client.searchProducts({ query, ...toListingBody(state, digits, LISTING_PER_PAGE) });
    const filtered = hasFilters(state);
    const ideas = !filtered && results.pagination.total === 0 ? await ideasFor(client) : null;
    return { query, results, columns, filtered, ideas };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 422)) throw searchFailed(err);
    // The text itself is refused (a broken character): nothing to retry, the address is wrong.
    if (err.errors.query) throw badRequest(SEARCH_NOT_UNDERSTOOD);
  }
  // Hand-edited filters the API refuses: search again without them.
  try {
    const results = await client.searchProducts({ query, per_page: LISTING_PER_PAGE });
    const ideas = results.pagination.total === 0 ? await ideasFor(client) : null;
    return { query, results, columns, filtered: false, ideas };
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) throw badRequest(SEARCH_NOT_UNDERSTOOD);
    throw searchFailed(err);
  }
}

/** Categories with products (the biggest first) and a few featured products: where to go from an empty search. */
interface SearchIdeas {
  categories: { name: string; url: string }[];
  products: ProductCard[];
}

const IDEA_CATEGORIES = 8;
const IDEA_PRODUCTS = 4;

async function ideasFor(client: ReturnType<typeof api>): Promise<SearchIdeas> {
  // Suggestions are extras: when either call fails, the page still answers without them.
  const [tree, grid] = await Promise.all([
    client.categoryTree().catch(() => null),
    client.productGrid({ source: 'featured', items: IDEA_PRODUCTS }).catch(() => null),
  ]);
  const flat: CategoryNode[] = [];
  const walk = (nodes: CategoryNode[]) => {
    for (const n of nodes) {
      if (n.children.length) walk(n.children);
      else if (n.product_count > 0) flat.push(n);
    }
  };
  walk(tree?.categories ?? []);
  return {
    categories: flat
      .sort((a, b) => b.product_count - a.product_count)
      .slice(0, IDEA_CATEGORIES)
      .map(({ name, url }) => ({ name, url })),
    products: grid?.products ?? [],
  };
}

const SEARCH_NOT_UNDERSTOOD = 'This search could not be understood. Please type it again.';

function searchFailed(err: unknown) {
  logFailure('search failed', err);
  return errorResponse({ kind: 'server-error' });
}

/** A change of filters or sort that fails to load goes back to the listing shown (listing-navigation.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => listingClientLoader(args);

/** Add to cart from a quickview changes nothing this page shows; nor does going back after a failed load. */
export const shouldRevalidate = listingShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.query;
  // Search result pages are for shoppers, not for search engines.
  return shopMeta(rootDataFrom(matches), { title: q ? `Search: ${q}` : 'Search', noindex: true });
}

const crumbs = [{ label: 'Home', to: '/' }, { label: 'Search' }];

/**
 * The page's own search box, holding the query: searching again needs no trip to the header. From
 * lg the header's own box is always in view, so this one would only repeat it.
 */
function SearchAgain() {
  return (
    <div className="mb-8 max-w-xl lg:hidden">
      <SearchForm id="search-page-input" label="Search again" />
    </div>
  );
}

/**
 * A word of the query that no product has, close to one that some have: the results already
 * include what the correction finds; this offers the search as meant.
 */
function DidYouMean({ meant }: { meant: string }) {
  return (
    <p className="mb-5 text-base md:text-lg" data-testid="did-you-mean">
      Did you mean{' '}
      <Link
        to={`/search?q=${encodeURIComponent(meant)}`}
        className="font-semibold text-primary underline underline-offset-4 hover:text-ink"
      >
        {meant}
      </Link>
      ?
    </p>
  );
}

/** Where to go when a search finds nothing: categories to browse and a few featured products. */
function SearchIdeasView({ ideas }: { ideas: SearchIdeas | null }) {
  if (!ideas || (!ideas.categories.length && !ideas.products.length)) return null;
  return (
    <div className="mt-12 space-y-12">
      {ideas.categories.length > 0 && (
        <section aria-labelledby="search-ideas-categories">
          <h2 id="search-ideas-categories" className="text-xl font-semibold md:text-2xl">
            Browse a category
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2.5">
            {ideas.categories.map((c) => (
              <li key={c.url}>
                <Link
                  to={c.url}
                  prefetch="intent"
                  className="inline-flex min-h-11 items-center rounded-full bg-surface px-4 text-sm font-medium text-ink ring-1 ring-ink/10 hover:ring-ink/30"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {ideas.products.length > 0 && (
        <section aria-labelledby="search-ideas-products">
          <h2 id="search-ideas-products" className="text-xl font-semibold md:text-2xl">
            Popular right now
          </h2>
          <div className="mt-5">
            <ProductGrid products={ideas.products} columns={4} />
          </div>
        </section>
      )}
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results, columns, ideas } = loaderData;
  if (!results) {
    return (
      <Container className="py-12 md:py-20">
        <Breadcrumb items={crumbs} />
        <h1 className="mt-4 text-3xl font-semibold md:text-5xl">Search</h1>
        <p className="mt-3 mb-6 text-muted">Look for a product, a colour or a material.</p>
        <SearchAgain />
        <SearchIdeasView ideas={ideas} />
      </Container>
    );
  }
  // A search that found nothing has nothing to filter or sort: only the way on.
  const nothing = results.pagination.total === 0 && !loaderData.filtered;
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
      resultsLabel="Results"
      lead={<SearchAgain />}
      notice={results.did_you_mean ? <DidYouMean meant={results.did_you_mean} /> : null}
      bare={nothing}
      empty={
        nothing ? (
          <div>
            <div className="rounded-3xl bg-surface px-6 py-10 text-center md:py-14">
              <p className="text-lg font-semibold">Nothing found for “{query}”</p>
              <p className="mt-2 text-muted">
                Check the spelling, try fewer or more general words (“shirt”, “mug”, “linen”), or browse below.
              </p>
              <Link to="/shop-online" className="btn btn-primary mt-6">
                Browse all products
              </Link>
            </div>
            <SearchIdeasView ideas={ideas} />
          </div>
        ) : undefined
      }
    />
  );
}
