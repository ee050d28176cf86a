import { listingClientLoader, listingShouldRevalidate } from '../features/catalog/listing/listing-navigation';
import type { Route } from './+types/product-category';
import { loadListing } from '../features/catalog/listing/listing-loader.server';
import { ListingRoute, listingMeta } from '../features/catalog/listing/listing-route';
import { SHARED_PAGE } from '../lib/shared-page';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, request, 'category', params.slug);
}

export const handle = { ...SHARED_PAGE, page: { parent_slug: 'product-category' } };

/** A change of filters or sort that fails to load goes back to the listing shown (listing-navigation.ts). */
export const clientLoader = (args: Route.ClientLoaderArgs) => listingClientLoader(args);

/** Add to cart from a quickview changes nothing this page shows; nor does going back after a failed load. */
export const shouldRevalidate = listingShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return listingMeta(loaderData, matches);
}

export default function ProductCategoryListing({ loaderData }: Route.ComponentProps) {
  return <ListingRoute data={loaderData} />;
}
