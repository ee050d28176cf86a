import type { Route } from './+types/product-collection';
import { loadListing } from '../features/catalog/listing/listing-loader.server';
import { ListingRoute, listingMeta } from '../features/catalog/listing/listing-route';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, request, 'collection', params.slug);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return listingMeta(loaderData, matches);
}

export default function ProductCollectionListing({ loaderData }: Route.ComponentProps) {
  return <ListingRoute data={loaderData} />;
}
