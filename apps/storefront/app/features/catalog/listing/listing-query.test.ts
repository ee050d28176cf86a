import { describe, expect, it } from 'vitest';
import { clearFiltersSearch, hasFilters, parseListingParams, toListingBody, withoutParam } from './listing-query';

const parse = (qs: string) => parseListingParams(new URLSearchParams(qs));

describe('listing query', () => {
  it('reads filters, sort and page from the URL', () => {
    const s = parse(
      'brand=loom&brand=terra&category=t-shirts&opt.Colour=Indigo&opt.Size=M&min_price=500&max_price=2000&in_stock=1&sort=price_asc&page=3',
    );
    expect(s).toEqual({
      brands: ['loom', 'terra'],
      categories: ['t-shirts'],
      options: { Colour: ['Indigo'], Size: ['M'] },
      minPrice: 500,
      maxPrice: 2000,
      inStock: true,
      sort: 'price_asc',
      page: 3,
    });
    expect(hasFilters(s)).toBe(true);
  });

  it('drops malformed values instead of failing', () => {
    const s = parse('min_price=abc&max_price=-5&sort=cheapest&page=0x10&in_stock=maybe&brand=&opt.=x');
    expect(s).toMatchObject({
      minPrice: null,
      maxPrice: null,
      sort: null,
      page: 1,
      inStock: false,
      brands: [],
      options: {},
    });
    expect(hasFilters(s)).toBe(false);
  });

  it('swaps a reversed price range', () => {
    expect(parse('min_price=900&max_price=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
  });

  it('sends prices in minor units, as the API wants', () => {
    const body = toListingBody(parse('min_price=499.5&max_price=1000&opt.Colour=Sage&sort=newest'), 2, 24);
    expect(body).toEqual({
      filters: { price_min: 49950, price_max: 100000, options: { Colour: ['Sage'] } },
      sort: 'newest',
      page: 1,
      per_page: 24,
    });
    expect(toListingBody(parse('min_price=500'), 0, 24).filters).toEqual({ price_min: 500 });
  });

  it('builds remove-one and clear-all links that go back to page 1 and keep the search text and sort', () => {
    expect(withoutParam('?brand=a&brand=b&page=2', 'brand', 'a')).toBe('?brand=b');
    expect(withoutParam('?in_stock=1', 'in_stock')).toBe('');
    expect(clearFiltersSearch('?q=tee&brand=a&sort=newest&page=4')).toBe('?q=tee&sort=newest');
  });
});
