import type { MetaDescriptor } from 'react-router';
import { crumbsFrom } from '../breadcrumbs';
import { JsonLd } from '../../../components/json-ld';
import { breadcrumbJsonLd } from '../../../components/breadcrumb';
import { rootDataFrom, shopMeta } from '../../../lib/meta';
import { useShop } from '../../../lib/shop';
import type { ListingLoaderData } from './listing-loader.server';
import { ListingView } from './listing-view';

/** Title, description and canonical of a category, collection or shop listing. */
export function listingMeta(loaderData: ListingLoaderData | undefined, matches: readonly unknown[]): MetaDescriptor[] {
  const shop = rootDataFrom(matches);
  if (!loaderData) return shopMeta(shop);
  const { listing, pagination } = loaderData;
  const page = pagination.page > 1 ? ` (page ${pagination.page})` : '';
  return shopMeta(shop, {
    title: `${listing.seo.title || listing.name}${page}`,
    description: listing.seo.description || listing.description,
    canonical: loaderData.canonical,
    image: listing.image?.url ?? null,
    noindex: loaderData.filtered,
  });
}

/** The page body every listing route renders. */
export function ListingRoute({ data }: { data: ListingLoaderData }) {
  const shop = useShop();
  const { listing } = data;
  const crumbs = crumbsFrom(listing.breadcrumb, { label: listing.name, url: listing.url });
  return (
    <>
      <JsonLd data={breadcrumbJsonLd(crumbs, shop.host, listing.url)} />
      <ListingView
        title={listing.name}
        description={listing.description}
        crumbs={crumbs}
        image={listing.image}
        products={data.products}
        pagination={data.pagination}
        facets={data.facets}
        sort={data.sort}
        columns={data.columns}
        defaultSortLabel="Featured"
        showCategories={listing.type !== 'category' || data.facets.categories.length > 1}
        notice={
          data.invalidFilters ? (
            <p role="status" className="mb-5 rounded-xl bg-accent/15 px-4 py-3 text-sm">
              Some filters in this link were not valid, so all products are shown.
            </p>
          ) : null
        }
      />
    </>
  );
}
