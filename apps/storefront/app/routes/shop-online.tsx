import type { Route } from './+types/shop-online';
import { loadListing } from '../features/catalog/listing/listing-loader.server';
import { ListingRoute, listingMeta } from '../features/catalog/listing/listing-route';
import { browsingShouldRevalidate } from '../features/cart/revalidation';
import { SHARED_PAGE } from '../lib/shared-page';

export const handle = { ...SHARED_PAGE, page: { slug: 'shop-online' } };

/** /shop-online is every product (shop id `all`); /shop-online/{slug} a super category. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadListing(context, request, 'shop', params.slug ?? 'all');
}

/** Add to cart from a quickview changes nothing this page shows. */
export const shouldRevalidate = browsingShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return listingMeta(loaderData, matches);
}

export default function ShopOnline({ loaderData }: Route.ComponentProps) {
  return <ListingRoute data={loaderData} />;
}
