import { ApiError, CONTACT_PAGE_SLUG, messages } from '@shopfront/shared';
import type { Route } from './+types/$';
import { Breadcrumb, breadcrumbJsonLd } from '../components/breadcrumb';
import { Container } from '../components/container';
import { JsonLd } from '../components/json-ld';
import { submitFormSection } from '../features/content/form-action.server';
import { ContactMap } from '../features/content/contact-map';
import { TemplateSections } from '../features/content/template-sections';
import { api } from '../lib/api.server';
import { errorResponse, notFound, logFailure } from '../lib/errors';
import { rootDataFrom, shopMeta } from '../lib/meta';
import { useShop } from '../lib/shop';
import { browsingShouldRevalidate } from '../features/cart/revalidation';
import { SHARED_PAGE } from '../lib/shared-page';

/** Pages without a template of their own are laid out with this one (their blocks). */
const DEFAULT_PAGE_TEMPLATE = 'page';
const SLUG = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/** Any path no other route claims is a CMS page slug, possibly spanning several segments. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = (params['*'] ?? '').replace(/\/+$/, '');
  // Spec section 8: a failed page lookup is the 404 page, with the path it was asked for.
  if (!slug || !SLUG.test(slug)) throw notFound(messages.pageNotFound(url.pathname));
  let data;
  try {
    data = await api(context).templateBoth(DEFAULT_PAGE_TEMPLATE, { slug, query: url.search.slice(1) });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) {
      throw notFound(messages.pageNotFound(url.pathname));
    }
    logFailure('page lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }
  if (!data.page) throw notFound(messages.pageNotFound(url.pathname));
  return { ...data, page: data.page };
}

export async function action({ context, request }: Route.ActionArgs) {
  return submitFormSection(api(context), request);
}

export const handle = SHARED_PAGE;

/** Add to cart from a quickview changes nothing this page shows. */
export const shouldRevalidate = browsingShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page;
  return shopMeta(rootDataFrom(matches), {
    title: page?.meta_title || page?.title,
    description: page?.meta_description,
    ...(page ? { canonical: `/${page.slug}` } : {}),
  });
}

export default function CmsPage({ loaderData }: Route.ComponentProps) {
  const { page, template, component_data } = loaderData;
  const shop = useShop();
  const crumbs = [{ label: 'Home', to: '/' }, { label: page.title }];
  return (
    <article className="cms-page">
      <JsonLd data={breadcrumbJsonLd(crumbs, shop.host, `/${page.slug}`)} />
      <header className="border-b border-ink/10 bg-surface">
        <Container className="py-10 md:py-16">
          <Breadcrumb items={crumbs} />
          <h1 className="mt-4 text-4xl font-semibold md:text-5xl">{page.title}</h1>
        </Container>
      </header>
      <div className="pb-10 md:pb-16">
        <TemplateSections sections={template.sections} componentData={component_data} page={page} />
        {page.slug === CONTACT_PAGE_SLUG && (
          <ContactMap
            url={shop.settings.google_embed_url}
            storeName={shop.settings.store_name || shop.storefront.name}
          />
        )}
      </div>
    </article>
  );
}
