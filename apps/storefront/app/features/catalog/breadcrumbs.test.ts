import { describe, expect, it } from 'vitest';
import { crumbsFrom } from './breadcrumbs';

const home = { name: 'Home', url: '/' };
const living = { name: 'Home & Living', url: '/shop-online/home-and-living' };
const cushions = { name: 'Cushions & Throws', url: '/product-category/cushions-and-throws' };

describe('crumbsFrom', () => {
  it('appends a product to its category trail, the product not being a link', () => {
    expect(crumbsFrom([home, living, cushions], { label: 'Kantha Cushion', url: '/product/kantha' })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Home & Living', to: '/shop-online/home-and-living' },
      { label: 'Cushions & Throws', to: '/product-category/cushions-and-throws' },
      { label: 'Kantha Cushion' },
    ]);
  });

  it('turns the last crumb of a listing into the current page', () => {
    expect(crumbsFrom([home, living, cushions], { label: 'Cushions & Throws', url: cushions.url })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Home & Living', to: '/shop-online/home-and-living' },
      { label: 'Cushions & Throws' },
    ]);
  });

  it('starts at Home exactly once, whether the trail has it or not, and never repeats a page', () => {
    expect(crumbsFrom([cushions], { label: 'Mug', url: '/product/mug' })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Cushions & Throws', to: cushions.url },
      { label: 'Mug' },
    ]);
    expect(crumbsFrom([home, home, living, living], { label: 'Mug', url: '/product/mug' }).map((c) => c.label)).toEqual(
      ['Home', 'Home & Living', 'Mug'],
    );
    expect(crumbsFrom([], { label: 'Shop All', url: '/shop-online' })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Shop All' },
    ]);
  });

  it('keeps a super category named "Home": it is another page, told apart by its URL', () => {
    const named = { name: 'Home', url: '/shop-online/home' };
    expect(crumbsFrom([home, named, cushions], { label: 'Mug', url: '/product/mug' })).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Home', to: '/shop-online/home' },
      { label: 'Cushions & Throws', to: cushions.url },
      { label: 'Mug' },
    ]);
  });
});
