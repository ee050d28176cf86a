import type { Route } from './+types/home';
import { ProductGridSection } from '../features/catalog/product-grid-section';
import { HeroSlider } from '../features/content/hero-slider';
import { api } from '../lib/api.server';
import { errorResponse } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';

const HERO_SLIDER = 'home-hero';
const GRID_ITEMS = 8;

export const handle = { page: { slug: 'home' } };

export async function loader({ context }: Route.LoaderArgs) {
  const client = api(context);
  // Each section is optional on its own; only a home page with nothing at all is an error.
  const [slider, latest, featured] = await Promise.allSettled([
    client.slider(HERO_SLIDER),
    client.productGrid({ items: GRID_ITEMS, source: 'latest' }),
    client.productGrid({ items: GRID_ITEMS, source: 'featured' }),
  ]);
  const value = <T,>(r: PromiseSettledResult<T>) => (r.status === 'fulfilled' ? r.value : null);
  if (latest.status === 'rejected' && featured.status === 'rejected') {
    console.error('home product grids failed', latest.reason);
    throw errorResponse({ kind: 'server-error' });
  }
  return {
    slider: value(slider),
    latest: value(latest)?.products ?? [],
    featured: value(featured)?.products ?? [],
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return shopMeta(rootDataFrom(matches));
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const title = useShop().storefront.meta.title;
  return (
    <>
      {title && <h1 className="sr-only">{title}</h1>}
      {loaderData.slider && <HeroSlider slider={loaderData.slider} />}
      <ProductGridSection
        id="new-arrivals"
        eyebrow="Just in"
        title="New arrivals"
        products={loaderData.latest}
        viewAll={{ to: '/shop-online', label: 'Shop all' }}
      />
      <div className="bg-surface">
        <ProductGridSection
          id="featured"
          eyebrow="Loved by our customers"
          title="Featured"
          products={loaderData.featured}
          layout="rail"
        />
      </div>
    </>
  );
}
