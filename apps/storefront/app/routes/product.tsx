import { Suspense, lazy } from 'react';
import { Await, Link, redirect, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ApiError, catalogUrls, messages, type Variant } from '@shopfront/shared';
import type { Route } from './+types/product';
import { Breadcrumb, breadcrumbJsonLd } from '../components/breadcrumb';
import { Container } from '../components/container';
import { JsonLd } from '../components/json-ld';
import { Stars } from '../components/stars';
import { ChevronDownIcon } from '../components/ui/icons';
import { isCartSubmission } from '../features/cart/revalidation';
import { crumbsFrom } from '../features/catalog/breadcrumbs';
import { Gallery } from '../features/catalog/product/gallery';
import { decimalPrice, productJsonLd } from '../features/catalog/product/product-json-ld';
import { PriceBlock, PurchaseButtons, StockState } from '../features/catalog/product/purchase-panel';
import { ReviewsSection } from '../features/catalog/product/reviews';
import { VariantPicker } from '../features/catalog/product/variant-picker';
import { imagesFor, initialVariant } from '../features/catalog/product/variants';
import { ProductRail } from '../features/catalog/product-rail';
import { ServiceBuyBox } from '../features/services/service-buy-box';
import { useTrackViewItem } from '../features/plugins/analytics/use-track';
import type { ChatRouteHandle } from '../features/plugins/chat-button';
import { PincodeCheckBox } from '../features/plugins/pincode-check';
import { TradeEnquiryLink } from '../features/plugins/trade-enquiry-link';
import { api } from '../lib/api.server';
import { errorResponse, notFound, logFailure } from '../lib/errors';
import { absoluteUrl, rootDataFrom, shopMeta } from '../lib/meta';
import type { PageIdentity } from '../lib/page-class';
import { pageParam } from '../lib/query';
import { useShop } from '../lib/shop';
import { SHARED_PAGE } from '../lib/shared-page';

export const VARIANT_PARAM = 'variant';

/** What a service includes, its documents and stages: only services mode needs it (ADR 0030). */
const ServiceAbout = lazy(() => import('../features/services/service-about'));

/** The chat button greets about the product on this page (features/plugins/chat-button). */
export const handle: ChatRouteHandle & typeof SHARED_PAGE & { page: PageIdentity } = {
  ...SHARED_PAGE,
  // Body class page--product on every product page (spec: page slug, else parent slug).
  page: { parent_slug: 'product' },
  chatProduct: (data) => (data as { product?: { name?: string } } | undefined)?.product?.name,
};

/** Spec section 2: the slug is the `sku` query value if present, else the last path segment. */
function productSlug(url: URL, splat: string): string {
  const sku = url.searchParams.get('sku')?.trim();
  if (sku) return sku;
  return splat.split('/').filter(Boolean).pop() ?? '';
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = productSlug(url, params['*'] ?? '');
  if (!slug) throw notFound(messages.pageNotFound(url.pathname));
  const client = api(context);

  // Critical: the product itself. Unknown (or not even slug-shaped) is the 404 page.
  let product;
  try {
    product = await client.product(slug);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 422)) {
      throw notFound(messages.pageNotFound(url.pathname));
    }
    logFailure('product lookup failed', err);
    throw errorResponse({ kind: 'server-error' });
  }

  const canonicalSlug = product.product.slug;
  // A slug the product had before the owner renamed it: the old link moves on for good.
  if (!url.searchParams.has('sku') && product.selected_variant_id === null && slug !== canonicalSlug) {
    throw redirect(`${catalogUrls.product(canonicalSlug)}${url.search}`, 301);
  }

  // Deferred: reviews and related products stream in later and never break the page.
  const reviews = client
    .productReviews({ slug: canonicalSlug, page: pageParam(url, 'reviews_page') })
    .catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status < 500)) logFailure('product reviews failed', err);
      return null;
    });
  const related = client
    .relatedProducts(canonicalSlug)
    .then((r) => r.products)
    .catch((err: unknown) => {
      logFailure('related products failed', err);
      return [];
    });

  return { ...product, reviews, related };
}

/**
 * Choosing a variant only changes `?variant=`: the page already has every variant, no reload.
 * The same URL again (an explicit revalidation, e.g. after writing a review) does reload.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  // Add to cart and Buy now change nothing on this page (the cart drawer reads its own fetcher).
  if (isCartSubmission(args)) return false;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) {
    const a = new URLSearchParams(currentUrl.search);
    const b = new URLSearchParams(nextUrl.search);
    a.delete(VARIANT_PARAM);
    b.delete(VARIANT_PARAM);
    a.sort();
    b.sort();
    if (a.toString() === b.toString()) return false;
  }
  return defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = rootDataFrom(matches);
  if (!loaderData) return shopMeta(shop);
  const p = loaderData.product;
  const image = loaderData.images[0]?.url ?? null;
  const tags = shopMeta(shop, {
    title: p.seo.title || p.name,
    description: p.seo.description || p.short_description,
    canonical: p.seo.canonical_url || p.url,
    image,
    type: 'product',
  });
  tags.push(
    { property: 'product:price:amount', content: decimalPrice(p.price) },
    { property: 'product:price:currency', content: p.price.currency },
  );
  return tags;
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter((t) => t.trim())
        .map((t, i) => (
          <p key={i}>{t}</p>
        ))}
    </>
  );
}

function RelatedSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4 md:gap-6" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className={i > 1 ? 'hidden md:block' : ''}>
          <div className="aspect-square animate-pulse rounded-2xl bg-surface" />
          <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-surface" />
          <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-surface" />
        </li>
      ))}
    </ul>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  const { product: p, options, variants, service } = data;
  const shop = useShop();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  // ?variant= (a choice made on the page) first; else the variant the URL's sku named, whether
  // as ?sku= or as the last path segment (the API answers which one that was); else one that
  // can be bought (a sold-out default does not greet the shopper with "Sold out").
  const variant = initialVariant(
    variants,
    { id: search.get(VARIANT_PARAM) ?? data.selected_variant_id, sku: search.get('sku') },
    options,
  );
  const images = imagesFor(data.images, variant);
  const price = variant?.price ?? p.price;
  const mrp = variant ? variant.mrp : p.mrp;
  const discount = variant?.discount_percent ?? p.discount_percent;
  const stock = variant?.stock_status ?? (p.in_stock ? 'in_stock' : 'out_of_stock');

  const hrefFor = (v: Variant) => {
    const next = new URLSearchParams(location.search);
    next.set(VARIANT_PARAM, v.id);
    return `${location.pathname}?${next.toString()}`;
  };

  const category = p.categories[0];
  const crumbs = crumbsFrom(category?.breadcrumb ?? [], { label: p.name, url: p.url });
  const abs = (path: string) => absoluteUrl(shop, path);
  const reviewsEnabled = shop.plugins.some((pl) => pl.module_name === 'Review');
  useTrackViewItem(p, variant ?? null);

  return (
    <div className="product-page">
      <JsonLd data={[productJsonLd(data, variant, images, abs), breadcrumbJsonLd(crumbs, shop.host, p.url)]} />
      <Container className="pt-5 pb-12 md:pt-8 md:pb-16 lg:pt-5">
        <Breadcrumb items={crumbs} className="mb-5 md:mb-8 lg:mb-5" />
        {/*
          On a phone the details column lends its parts to this one (contents), so the pinned
          buttons' box starts at the gallery: they stay in view from the top of the page, however
          tall the cookie banner or the announcement above it.
        */}
        <div className="flex flex-col md:grid md:grid-cols-2 md:gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-16">
          <div className="max-md:mb-8 md:sticky md:top-28 md:self-start">
            <Gallery images={images} productName={p.name} />
          </div>
          {/*
            On a desktop screen (1280 x 800) title, price, options and Add to cart come first, in
            view without scrolling; the short description follows the buttons there (order).
          */}
          <div className="flex min-w-0 flex-col max-md:contents">
            {p.brand && <p className="text-xs font-semibold tracking-[0.16em] text-muted uppercase">{p.brand.name}</p>}
            <h1 className="mt-2 text-3xl leading-tight font-semibold md:text-4xl">{p.name}</h1>
            {data.rating.total_reviews > 0 && (
              <a
                href="#reviews"
                className="mt-3 inline-flex items-center gap-2 self-start text-sm text-muted hover:text-ink"
              >
                <Stars rating={data.rating.overall_rating} />
                <span>
                  {data.rating.overall_rating.toFixed(1)} · {data.rating.total_reviews}{' '}
                  {data.rating.total_reviews === 1 ? 'review' : 'reviews'}
                </span>
              </a>
            )}
            {service ? (
              <ServiceBuyBox service={service} price={p.price} product={p} />
            ) : (
              <div className="mt-5">
                <PriceBlock price={price} mrp={mrp} discountPercent={discount} />
              </div>
            )}
            {p.short_description && (
              <p className="mt-5 leading-relaxed text-ink/80 lg:order-1 lg:mt-6">{p.short_description}</p>
            )}
            {service ? (
              <Suspense fallback={<div className="mt-8 h-64 animate-pulse rounded-2xl bg-surface lg:order-1" />}>
                <ServiceAbout service={service} />
              </Suspense>
            ) : (
              <>
                <div className="mt-7 border-t border-ink/10 pt-6 lg:mt-6 lg:pt-5">
                  <VariantPicker
                    options={options}
                    variants={variants}
                    current={variant}
                    hrefFor={hrefFor}
                    idPrefix="pdp"
                  />
                </div>
                {/* On a phone its parts join the column: the pinned buttons stay in view from the top of the page. */}
                <div className="mt-6 space-y-4 max-md:contents">
                  <div className="max-md:mt-6">
                    <StockState status={stock} />
                  </div>
                  <PurchaseButtons
                    variantId={variant?.id ?? p.id}
                    soldOut={stock === 'out_of_stock'}
                    idPrefix="pdp"
                    product={{ id: p.id, name: p.name }}
                    pinOnPhones
                  />
                  <PincodeCheckBox countryIso2={shop.storefront.channel.country.iso2} />
                  <TradeEnquiryLink productSlug={p.slug} />
                </div>
              </>
            )}
            <div className="mt-8 divide-y divide-ink/10 border-y border-ink/10 lg:order-2">
              {p.description && (
                <details open className="group py-1">
                  <summary className="flex cursor-pointer list-none items-center justify-between py-4 font-semibold [&::-webkit-details-marker]:hidden">
                    Description
                    <ChevronDownIcon className="size-5 text-muted transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="space-y-3 pb-5 leading-relaxed text-ink/80">
                    <Paragraphs text={p.description} />
                  </div>
                </details>
              )}
              <details className="group py-1">
                <summary className="flex cursor-pointer list-none items-center justify-between py-4 font-semibold [&::-webkit-details-marker]:hidden">
                  Details
                  <ChevronDownIcon className="size-5 text-muted transition-transform group-open:rotate-180" />
                </summary>
                <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 pb-5 text-sm">
                  <dt className="text-muted">SKU</dt>
                  <dd className="font-mono" data-testid="product-sku">
                    {variant?.sku ?? p.channel.sku}
                  </dd>
                  {p.brand && (
                    <>
                      <dt className="text-muted">Brand</dt>
                      <dd>{p.brand.name}</dd>
                    </>
                  )}
                  {p.categories.length > 0 && (
                    <>
                      <dt className="text-muted">Category</dt>
                      <dd>
                        {p.categories.map((c, i) => (
                          <span key={c.id}>
                            {i > 0 && ', '}
                            <Link to={c.url} className="underline underline-offset-2 hover:text-primary">
                              {c.name}
                            </Link>
                          </span>
                        ))}
                      </dd>
                    </>
                  )}
                  {p.tags.length > 0 && (
                    <>
                      <dt className="text-muted">Tags</dt>
                      <dd>{p.tags.map((t) => t.name).join(', ')}</dd>
                    </>
                  )}
                </dl>
              </details>
            </div>
          </div>
        </div>
      </Container>

      {reviewsEnabled && (
        <section
          id="reviews"
          aria-labelledby="reviews-title"
          className="scroll-mt-24 border-t border-ink/10 py-12 md:py-16"
        >
          <Container>
            <h2 id="reviews-title" className="mb-8 text-2xl font-semibold md:text-3xl">
              Customer reviews
            </h2>
            <Suspense fallback={<p className="text-muted">Loading reviews…</p>}>
              <Await resolve={data.reviews}>
                {(reviews) =>
                  reviews ? (
                    <ReviewsSection data={reviews} productSlug={p.slug} productName={p.name} />
                  ) : (
                    <p className="text-muted">Reviews could not be loaded just now.</p>
                  )
                }
              </Await>
            </Suspense>
          </Container>
        </section>
      )}

      <section aria-labelledby="related-title" className="border-t border-ink/10 bg-surface py-12 md:py-16">
        <Container>
          <h2 id="related-title" className="mb-6 text-2xl font-semibold md:mb-8 md:text-3xl">
            You may also like
          </h2>
          <Suspense fallback={<RelatedSkeleton />}>
            <Await resolve={data.related}>
              {(related) =>
                related.length ? (
                  <ProductRail products={related} label="related products" />
                ) : (
                  <p className="text-muted">
                    More from{' '}
                    <Link to="/shop-online" className="underline underline-offset-2">
                      the shop
                    </Link>
                    .
                  </p>
                )
              }
            </Await>
          </Suspense>
        </Container>
      </section>
    </div>
  );
}
