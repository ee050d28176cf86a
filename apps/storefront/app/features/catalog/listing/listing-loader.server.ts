import { ApiError, minorUnitDigits, messages, type ListingPage, type ListingType } from '@shopfront/shared';
import { redirect } from 'react-router';
import { api, type ApiClient } from '../../../lib/api.server';
import { errorResponse, notFound, logFailure } from '../../../lib/errors';
import { gridColumnsFromRequest } from './grid-columns';
import { hasFilters, parseListingParams, toListingBody, type ListingState } from './listing-query';

/** 24 fills whole rows of 2, 3 and 4 columns. */
export const LISTING_PER_PAGE = 24;

/** Minor-unit digits of the shop's currency; asked for only when a price filter needs converting. */
export async function currencyDigits(client: ApiClient, state: ListingState): Promise<number> {
  if (state.minPrice === null && state.maxPrice === null) return 2;
  const initial = await client.initialValues();
  return minorUnitDigits(initial.storefront.channel.currency.code);
}

/**
 * Loads a category, collection or shop listing from the URL's filters, sort and page. An unknown
 * slug is the 404 page; filters the API refuses (hand-edited URLs) fall back to the unfiltered
 * listing with a notice instead of an error page.
 */
export async function loadListing(context: unknown, request: Request, type: ListingType, id: string) {
  const url = new URL(request.url);
  const client = api(context);
  const state = parseListingParams(url.searchParams);
  const digits = await currencyDigits(client, state);
  let page: ListingPage;
  let invalidFilters = false;
  try {
    page = await client.listing(type, id, toListingBody(state, digits, LISTING_PER_PAGE));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw notFound(messages.pageNotFound(url.pathname));
    if (err instanceof ApiError && err.status === 422) {
      // A slug the API refuses (a control character typed into the address) names no listing.
      if (err.errors.id) throw notFound(messages.pageNotFound(url.pathname));
      invalidFilters = true;
      try {
        page = await client.listing(type, id, { per_page: LISTING_PER_PAGE });
      } catch (again) {
        if (again instanceof ApiError && (again.status === 404 || again.status === 422)) {
          throw notFound(messages.pageNotFound(url.pathname));
        }
        throw again;
      }
    } else {
      logFailure(`${type} listing failed`, err);
      throw errorResponse({ kind: 'server-error' });
    }
  }
  // A slug the category or collection had before the owner changed it: the old link moves on for good.
  if ((type === 'category' || type === 'collection') && page.listing.slug !== id)
    throw redirect(`${page.listing.url}${url.search}`, 301);
  // One canonical URL per listing page: filters and sort are views of it, not pages of their own.
  const p = page.pagination.page;
  const canonical = `${page.listing.url}${!hasFilters(state) && p > 1 ? `?page=${p}` : ''}`;
  return { ...page, columns: gridColumnsFromRequest(request), canonical, invalidFilters, filtered: hasFilters(state) };
}

export type ListingLoaderData = Awaited<ReturnType<typeof loadListing>>;
