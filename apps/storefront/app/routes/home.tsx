import { ApiError } from '@shopfront/shared';
import type { Route } from './+types/home';
import { EmptyShop } from '../features/catalog/empty-shop';
import { ProductGridSection } from '../features/catalog/product-grid-section';
import { submitFormSection } from '../features/content/form-action.server';
import { HeroSlider } from '../features/content/hero-slider';
import { TemplateSections } from '../features/content/template-sections';
import { api } from '../lib/api.server';
import { errorResponse, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';
import { browsingShouldRevalidate } from '../features/cart/revalidation';
import { SHARED_PAGE } from '../lib/shared-page';

const HOME_TEMPLATE = 'home';
const HERO_SLIDER = 'home-hero';
const GRID_ITEMS = 8;

export const handle = { ...SHARED_PAGE, page: { slug: 'home' } };

/** A shop that has no home template yet still gets a home page: the hero and two product grids. */
async function builtInHome(client: ReturnType<typeof api>) {
  const [slider, latest, featured] = await Promise.allSettled([
    client.slider(HERO_SLIDER),
    client.productGrid({ items: GRID_ITEMS, source: 'latest' }),
    client.productGrid({ items: GRID_ITEMS, source: 'featured' }),
  ]);
  const value = <T,>(r: PromiseSettledResult<T>) => (r.status === 'fulfilled' ? r.value : null);
  if (latest.status === 'rejected' && featured.status === 'rejected') {
    logFailure('home product grids failed', latest.reason);
    throw errorResponse({ kind: 'server-error' });
  }
  return {
    slider: value(slider),
    latest: value(latest)?.products ?? [],
    featured: value(featured)?.products ?? [],
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const client = api(context);
  const url = new URL(request.url);
  try {
    const template = await client.templateBoth(HOME_TEMPLATE, { path: '/', query: url.search.slice(1) });
    return { template, fallback: null };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) {
      logFailure('home template failed', err);
    }
    return { template: null, fallback: await builtInHome(client) };
  }
}

/** Form sections (contact, newsletter) post here; errors come back beside their fields. */
export async function action({ context, request }: Route.ActionArgs) {
  return submitFormSection(api(context), request);
}

/** Add to cart from a quickview changes nothing this page shows. */
export const shouldRevalidate = browsingShouldRevalidate;

export function meta({ matches }: Route.MetaArgs) {
  return shopMeta(rootDataFrom(matches), { canonical: '/' });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const title = useShop().storefront.meta.title;
  const { template, fallback } = loaderData;
  return (
    <>
      {title && <h1 className="sr-only">{title}</h1>}
      {template ? (
        <TemplateSections
          sections={template.template.sections}
          componentData={template.component_data}
          page={template.page}
        />
      ) : fallback && !fallback.slider && fallback.latest.length === 0 && fallback.featured.length === 0 ? (
        <EmptyShop />
      ) : fallback ? (
        <>
          {fallback.slider && <HeroSlider slider={fallback.slider} />}
          <ProductGridSection
            id="new-arrivals"
            eyebrow="Just in"
            title="New arrivals"
            products={fallback.latest}
            viewAll={{ to: '/shop-online', label: 'Shop all' }}
          />
          <div className="bg-surface">
            <ProductGridSection
              id="featured"
              eyebrow="Loved by our customers"
              title="Featured"
              products={fallback.featured}
              layout="rail"
            />
          </div>
        </>
      ) : null}
    </>
  );
}
