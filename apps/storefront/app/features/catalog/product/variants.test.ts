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
  it('starts from the URL variant (even sold out), then the sku, then the default while it is in stock', () => {
    expect(initialVariant(variants, { id: 'om' }, options)?.id).toBe('om');
    expect(initialVariant(variants, { id: 'os' }, options)?.id).toBe('os');
    expect(initialVariant(variants, { sku: 'sxl' }, options)?.id).toBe('sxl');
    const inStockDefault = variants.map((v) => ({ ...v, is_default: v.id === 'ss' }));
    expect(initialVariant(inStockDefault, { id: 'nope' }, options)?.id).toBe('ss');
  });

  it('opens a product whose default is sold out on the first variant in stock, in option order', () => {
    // Olive / S (the default) is sold out: Olive / M is the first that can be bought.
    expect(initialVariant(variants, { id: 'nope' }, options)?.id).toBe('om');
    // Listed out of option order: still the first colour's first size in stock.
    const shuffled = [variants[3]!, variants[2]!, variants[0]!, variants[1]!];
    expect(initialVariant(shuffled, {}, options)?.id).toBe('om');
    // Nothing in stock: the default, which says so.
    const none = variants.map((v) => ({ ...v, in_stock: false, stock_status: 'out_of_stock' as const }));
    expect(initialVariant(none, {}, options)?.id).toBe('os');
  });

  it('marks sold-out, missing and impossible values top down, and where each leads', () => {
    const [colour, size] = optionValueViews(options, variants, variants[0]);
    // Olive / S is sold out, but Olive is not: Olive / M can be bought. The size says "sold out".
    expect(colour!.values.map((v) => [v.value, v.state, v.target?.id])).toEqual([
      ['Olive', 'available', 'os'],
      ['Sage', 'available', 'ss'],
    ]);
    expect(size!.above).toEqual(['Olive']);
    expect(size!.values.map((v) => [v.value, v.state, v.target?.id])).toEqual([
      ['S', 'out_of_stock', 'os'],
      ['M', 'available', 'om'],
      ['XL', 'unavailable', 'sxl'],
    ]);
    // A colour with nothing in stock is sold out as a whole.
    const noOlive = variants.map((v) => (v.options.Colour === 'Olive' ? { ...v, in_stock: false } : v));
    expect(optionValueViews(options, noOlive, noOlive[2])[0]!.values.map((v) => v.state)).toEqual([
      'out_of_stock',
      'available',
    ]);
  });

  it('puts the chosen colour first in the gallery, then shared images', () => {
    const img = (url: string, option_value: string | null) => ({
      url,
      alt: '',
      width: 1,
      height: 1,
      option_value,
      focal_x: 0.5,
      focal_y: 0.5,
    });
    const images = [img('olive', 'Olive'), img('sage', 'Sage'), img('detail', null)];
    expect(imagesFor(images, variants[2]).map((i) => i.url)).toEqual(['sage', 'detail']);
    expect(imagesFor(images, variant('x', { Colour: 'Rust' })).map((i) => i.url)).toEqual(['detail', 'olive', 'sage']);
  });
});
