import { minorUnitDigits, type Money, type SingleProduct, type Variant } from '@shopfront/shared';

/** "799.00": schema.org wants a plain decimal, not the formatted display string. */
export function decimalPrice(m: Money): string {
  const d = minorUnitDigits(m.currency);
  return (m.amount / 10 ** d).toFixed(d);
}

const AVAILABILITY: Record<Variant['stock_status'], string> = {
  in_stock: 'https://schema.org/InStock',
  low_stock: 'https://schema.org/LimitedAvailability',
  out_of_stock: 'https://schema.org/OutOfStock',
};

/**
 * A service (services mode, issue 27) is a schema.org Service: no SKU or stock; a fixed fee is its
 * offer's price, a "from" fee the least it costs, and a fee on quote no offer at all (its stored
 * price is 0, which is not what it costs).
 */
function serviceLd(ld: Record<string, unknown>, feeKind: 'fixed' | 'from' | 'quote', price: Money): void {
  ld['@type'] = 'Service';
  delete ld.sku;
  const offer = ld.offers as Record<string, unknown>;
  delete offer.availability;
  delete offer.itemCondition;
  if (feeKind === 'quote') delete ld.offers;
  else if (feeKind === 'from') {
    delete offer.price;
    offer.priceSpecification = {
      '@type': 'PriceSpecification',
      minPrice: decimalPrice(price),
      priceCurrency: price.currency,
    };
  }
}

/** schema.org Product (or Service) with the chosen variant's offer and, when there are reviews, its rating. */
export function productJsonLd(
  data: SingleProduct,
  variant: Variant | undefined,
  images: SingleProduct['images'],
  abs: (path: string) => string,
) {
  const p = data.product;
  const price = variant?.price ?? p.price;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    url: abs(p.url),
    sku: variant?.sku ?? p.channel.sku,
    description: p.seo.description || p.short_description || p.description,
    image: images.slice(0, 6).map((i) => abs(i.url)),
    offers: {
      '@type': 'Offer',
      url: abs(p.url),
      price: decimalPrice(price),
      priceCurrency: price.currency,
      availability: AVAILABILITY[variant?.stock_status ?? (p.in_stock ? 'in_stock' : 'out_of_stock')],
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
  if (data.service) serviceLd(ld, data.service.fee_kind, price);
  else if (p.brand) ld.brand = { '@type': 'Brand', name: p.brand.name };
  if (p.category) ld.category = p.category.name;
  if (data.rating.total_reviews > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: data.rating.overall_rating,
      reviewCount: data.rating.total_reviews,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}
