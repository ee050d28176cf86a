import { describe, expect, it } from 'vitest';
import type { Money, SingleProduct, Variant } from '@shopfront/shared';
import { imagesFor, initialVariant, optionValueViews } from './variants';

const price: Money = { amount: 100, currency: 'INR', formatted: '₹1.00' };
function variant(id: string, options: Record<string, string>, inStock = true, isDefault = false): Variant {
  return {
    id,
    title: Object.values(options).join(' / '),
    options,
    sku: id.toUpperCase(),
    price,
    mrp: null,
    discount_percent: 0,
    in_stock: inStock,
    stock_status: inStock ? 'in_stock' : 'out_of_stock',
    is_default: isDefault,
  };
}

const options: SingleProduct['options'] = [
  { name: 'Colour', values: ['Olive', 'Sage'] },
  { name: 'Size', values: ['S', 'M', 'XL'] },
];
// Olive has no XL; Olive / S is sold out; nobody makes XL in Olive.
const variants = [
  variant('os', { Colour: 'Olive', Size: 'S' }, false, true),
  variant('om', { Colour: 'Olive', Size: 'M' }),
  variant('ss', { Colour: 'Sage', Size: 'S' }),
  variant('sxl', { Colour: 'Sage', Size: 'XL' }),
];

describe('variant choice', () => {
  it('starts from the URL variant, then the sku, then the default', () => {
    expect(initialVariant(variants, { id: 'om' })?.id).toBe('om');
    expect(initialVariant(variants, { sku: 'sxl' })?.id).toBe('sxl');
    expect(initialVariant(variants, { id: 'nope' })?.id).toBe('os');
  });

  it('marks sold-out, missing and impossible values, and where each leads', () => {
    const [colour, size] = optionValueViews(options, variants, variants[0]);
    expect(colour!.values.map((v) => [v.value, v.state, v.target?.id])).toEqual([
      ['Olive', 'out_of_stock', 'os'],
      ['Sage', 'available', 'ss'],
    ]);
    expect(size!.values.map((v) => [v.value, v.state, v.target?.id])).toEqual([
      ['S', 'out_of_stock', 'os'],
      ['M', 'available', 'om'],
      ['XL', 'unavailable', 'sxl'],
    ]);
  });

  it('puts the chosen colour first in the gallery, then shared images', () => {
    const img = (url: string, option_value: string | null) => ({ url, alt: '', width: 1, height: 1, option_value });
    const images = [img('olive', 'Olive'), img('sage', 'Sage'), img('detail', null)];
    expect(imagesFor(images, variants[2]).map((i) => i.url)).toEqual(['sage', 'detail']);
    expect(imagesFor(images, variant('x', { Colour: 'Rust' })).map((i) => i.url)).toEqual(['detail', 'olive', 'sage']);
  });
});
