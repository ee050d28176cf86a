import { describe, expect, it } from 'vitest';
import type { Cart, CartItem } from '@shopfront/shared';
import {
  addedLineId,
  cartReadiness,
  displayedCount,
  hasCartCookie,
  isCartIntent,
  isCartUpdating,
  lineFix,
  parseQuantity,
  pendingLineQuantities,
  stepperBounds,
  variantText,
} from './cart-view';
import { isCartSubmission } from './revalidation';

const money = (amount: number) => ({ amount, currency: 'INR', formatted: `₹${amount / 100}` });

function line(id: string, over: Partial<CartItem> = {}): CartItem {
  return {
    id,
    product_id: `v-${id}`,
    quantity: 1,
    quantity_in_display_unit: 1,
    product: {
      id: `p-${id}`,
      slug: id,
      name: id,
      url: `/product/${id}`,
      brand: null,
      image: null,
      is_customisation_enabled: false,
    },
    variant: { id: `v-${id}`, title: 'Default', options: {}, sku: id },
    unit_price: money(1000),
    mrp: null,
    line_total: money(1000),
    discount: money(0),
    tax_rate_percent: 0,
    tax: money(0),
    previous_unit_price: null,
    price_changed: false,
    stock_status: 'in_stock',
    max_quantity: 10,
    out_of_stock: false,
    additonal_data: null,
    ...over,
  };
}

const cartOf = (items: CartItem[], over: Partial<Cart> = {}) =>
  ({ items, prices_updated: false, stock_valid: true, out_of_stock_items: [], ...over }) as Cart;

function submission(fields: Record<string, string>, formAction = '/cart') {
  const formData = new FormData();
  for (const [k, v] of Object.entries(fields)) formData.set(k, v);
  return { formAction, formData };
}

describe('cart view', () => {
  it('knows its intents', () => {
    expect(isCartIntent('buy-now')).toBe(true);
    expect(isCartIntent('drop-table')).toBe(false);
    expect(isCartIntent(null)).toBe(false);
  });

  it('reads the api_cart flag cookie', () => {
    expect(hasCartCookie('a=1; api_cart=1')).toBe(true);
    expect(hasCartCookie('a=1; api_cartx=1')).toBe(false);
    expect(hasCartCookie('')).toBe(false);
    expect(hasCartCookie(undefined)).toBe(false);
  });

  it('finds the line an add landed on, by variant and customisation', () => {
    const plain = line('a');
    const engraved = line('b', { product_id: 'v-a', additonal_data: { custom_text: 'Asha', image_path: null } });
    const cart = cartOf([plain, engraved, line('c')]);
    expect(addedLineId(cart, 'v-a')).toBe('a');
    expect(addedLineId(cart, 'v-a', ' Asha ')).toBe('b');
    expect(addedLineId(cart, 'v-a', 'Ravi')).toBe('a');
    // A product id (a product with one variant) finds its line too.
    expect(addedLineId(cart, 'p-c')).toBe('c');
    expect(addedLineId(cart, 'nope')).toBeNull();
  });

  it('applies changes on their way: new quantities and removals, only for /cart', () => {
    const pending = pendingLineQuantities([
      submission({ intent: 'update-qty', item_id: 'a', quantity: '3' }),
      submission({ intent: 'remove', item_id: 'b' }),
      submission({ intent: 'update-qty', item_id: 'c', quantity: 'x' }),
      submission({ intent: 'update-qty', item_id: 'd', quantity: '2' }, '/account'),
      { formAction: undefined, formData: undefined },
    ]);
    expect([...pending]).toEqual([
      ['a', 3],
      ['b', 0],
    ]);
    const cart = cartOf([line('a'), line('b', { quantity: 2 }), line('c', { quantity: 4 })]);
    expect(displayedCount(cart, pending)).toBe(3 + 0 + 4);
    expect(displayedCount(null, pending)).toBe(0);
    expect(isCartUpdating([submission({ intent: 'add' }, '/cart?x=1')])).toBe(true);
    expect(isCartUpdating([submission({ intent: 'add' }, '/account/wishlist')])).toBe(false);
  });

  it('bounds the stepper by stock and the per-line maximum', () => {
    expect(stepperBounds({ quantity: 1, max_quantity: 5 }, 10)).toEqual({
      canDecrease: false,
      canIncrease: true,
      max: 5,
      limit: null,
    });
    expect(stepperBounds({ quantity: 10, max_quantity: 50 }, 10)).toEqual({
      canDecrease: true,
      canIncrease: false,
      max: 10,
      limit: 'You can buy up to 10 of this item',
    });
    expect(stepperBounds({ quantity: 5, max_quantity: 5 }, 10).limit).toBe('Only 5 in stock');
    expect(stepperBounds({ quantity: 3, max_quantity: 0 }, 10)).toMatchObject({ canIncrease: false, limit: null });
    // A line over the stock has its own warning and fix (lineFix), not this note.
    expect(stepperBounds({ quantity: 6, max_quantity: 5 }, 10).limit).toBeNull();
  });

  it('offers the fix for a short line: reduce to what is left, or remove', () => {
    expect(lineFix({ quantity: 5, max_quantity: 2, out_of_stock: true })).toEqual({ kind: 'reduce', quantity: 2 });
    expect(lineFix({ quantity: 5, max_quantity: 0, out_of_stock: true })).toEqual({ kind: 'remove' });
    expect(lineFix({ quantity: 1, max_quantity: 5, out_of_stock: true })).toEqual({ kind: 'remove' });
    expect(lineFix({ quantity: 1, max_quantity: 5, out_of_stock: false })).toBeNull();
  });

  it('says what keeps the cart from the address step', () => {
    expect(cartReadiness(cartOf([]))).toMatchObject({ empty: true, canContinue: false, blocker: 'Your cart is empty' });
    expect(cartReadiness(cartOf([line('a')]))).toMatchObject({ canContinue: true, blocker: null, shortLines: [] });
    const short = cartReadiness(cartOf([line('a'), line('b')], { stock_valid: false, out_of_stock_items: ['b'] }));
    expect(short.canContinue).toBe(false);
    expect(short.shortLines.map((l) => l.id)).toEqual(['b']);
    const priced = cartReadiness(cartOf([line('a', { price_changed: true })]));
    expect(priced).toMatchObject({ pricesChanged: true, canContinue: false });
    expect(priced.blocker).toMatch(/accept the new prices/);
  });

  it('names the variant by its options', () => {
    expect(
      variantText(
        line('a', { variant: { id: 'v', title: 'Indigo / M', options: { Colour: 'Indigo', Size: 'M' }, sku: 's' } }),
      ),
    ).toBe('Indigo / M');
    expect(variantText(line('a'))).toBe('');
    expect(variantText(line('a', { variant: { id: 'v', title: '250 g', options: {}, sku: 's' } }))).toBe('250 g');
  });

  it('parses a quantity field strictly', () => {
    expect(parseQuantity(null, 1)).toBe(1);
    expect(parseQuantity('', 1)).toBe(1);
    expect(parseQuantity(' 3 ', 1)).toBe(3);
    expect(parseQuantity('2.5', 1)).toBeNaN();
    expect(parseQuantity('1e3', 1)).toBeNaN();
  });

  it('recognises a cart submission for shouldRevalidate', () => {
    expect(isCartSubmission({ formAction: '/cart' })).toBe(true);
    expect(isCartSubmission({ formAction: '/cart?index' })).toBe(true);
    expect(isCartSubmission({ formAction: '/cartography' })).toBe(false);
    expect(isCartSubmission({ formAction: undefined })).toBe(false);
  });
});
