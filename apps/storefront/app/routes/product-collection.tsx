import type { Route } from './+types/product-collection';
import { loadListing } from '../features/catalog/listing/listing-loader.server';
import { ListingRoute, listingMeta } from '../features/catalog/listing/listing-route';
import { browsingShouldRevalidate } from '../features/cart/revalidation';
import { SHARED_PAGE } from '../lib/shared-page';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, request, 'collection', params.slug);
}

export const handle = { ...SHARED_PAGE, page: { parent_slug: 'product-collection' } };

/** Add to cart from a quickview changes nothing this page shows. */
export const shouldRevalidate = browsingShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return listingMeta(loaderData, matches);
}

export default function ProductCollectionListing({ loaderData }: Route.ComponentProps) {
  return <ListingRoute data={loaderData} />;
}
