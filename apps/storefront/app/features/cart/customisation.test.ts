import { describe, expect, it } from 'vitest';
import type { CartItem } from '@shopfront/shared';
import { customisationFromForm, customisedLineId } from './customisation';

const IMG = `/media/customisations/${'a'.repeat(32)}.webp`;
const IMG2 = `/media/customisations/${'b'.repeat(32)}.webp`;

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const line = (id: string, custom: CartItem['additonal_data']) =>
  ({ id, product_id: 'v1', product: { id: 'p1' }, additonal_data: custom }) as CartItem;

describe('customisationFromForm', () => {
  it('is null without text or an image (spec section 5: nothing is sent then)', () => {
    expect(customisationFromForm(form({}))).toBeNull();
    expect(customisationFromForm(form({ custom_text: '   ', image_path: '' }))).toBeNull();
  });

  it('carries the trimmed text, the image path, or both', () => {
    expect(customisationFromForm(form({ custom_text: '  Asha ', image_path: '' }))).toEqual({ custom_text: 'Asha' });
    expect(customisationFromForm(form({ custom_text: '', image_path: IMG }))).toEqual({ image_path: IMG });
    expect(customisationFromForm(form({ custom_text: 'Asha', image_path: IMG }))).toEqual({
      custom_text: 'Asha',
      image_path: IMG,
    });
  });

  it('ignores a file sent under a field name (only strings count)', () => {
    const f = form({ custom_text: 'Asha' });
    f.set('image_path', new Blob(['x']));
    expect(customisationFromForm(f)).toEqual({ custom_text: 'Asha' });
  });
});

describe('customisedLineId', () => {
  const cart = {
    items: [
      line('plain', null),
      line('asha', { custom_text: 'Asha', image_path: null }),
      line('asha-photo', { custom_text: 'Asha', image_path: IMG }),
      line('photo', { custom_text: null, image_path: IMG2 }),
    ],
  };

  it('finds the line with exactly this text and image', () => {
    expect(customisedLineId(cart, 'v1', { custom_text: 'Asha', image_path: IMG })).toBe('asha-photo');
    expect(customisedLineId(cart, 'v1', { custom_text: 'Asha' })).toBe('asha');
    expect(customisedLineId(cart, 'p1', { image_path: IMG2 })).toBe('photo');
    expect(customisedLineId(cart, 'v1', null)).toBe('plain');
  });

  it('falls back to the same text, else the first line, else null', () => {
    expect(customisedLineId(cart, 'v1', { custom_text: 'Asha', image_path: IMG2 })).toBe('asha');
    expect(customisedLineId(cart, 'v1', { custom_text: 'Ravi' })).toBe('plain');
    expect(customisedLineId(cart, 'v9', { custom_text: 'Asha' })).toBeNull();
  });
});
