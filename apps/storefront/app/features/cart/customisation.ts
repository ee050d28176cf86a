import type { Cart } from '@shopfront/shared';
import { addedLineId } from './cart-view';

/** The Add to cart form's customisation fields (the product page's "Personalise it" section). */
export const CUSTOM_TEXT_FIELD = 'custom_text';
export const IMAGE_PATH_FIELD = 'image_path';

/** What add-item's `additonal_data` carries for a line: text, an uploaded image's path, or both. */
export interface LineCustomisation {
  custom_text?: string;
  image_path?: string;
}

const text = (form: FormData, name: string): string => {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * The customisation an Add to cart or Buy now form asks for, or null when it has neither text
 * nor an image (spec section 5: customisation data is sent only when there is some). The API
 * checks everything else: the length, the characters, the path and whether the product and the
 * shop allow it.
 */
export function customisationFromForm(form: FormData): LineCustomisation | null {
  const customText = text(form, CUSTOM_TEXT_FIELD);
  const imagePath = text(form, IMAGE_PATH_FIELD);
  if (!customText && !imagePath) return null;
  return { ...(customText ? { custom_text: customText } : {}), ...(imagePath ? { image_path: imagePath } : {}) };
}

/**
 * The line an add landed on: the variant's line with exactly this customisation (text and
 * image), else what `addedLineId` finds (the same text, else the variant's first line).
 */
export function customisedLineId(
  cart: Pick<Cart, 'items'>,
  productId: string,
  customisation: LineCustomisation | null,
): string | null {
  const wantText = customisation?.custom_text?.trim() || null;
  const wantImage = customisation?.image_path || null;
  const exact = cart.items.find(
    (l) =>
      (l.product_id === productId || l.product.id === productId) &&
      (l.additonal_data?.custom_text?.trim() || null) === wantText &&
      (l.additonal_data?.image_path || null) === wantImage,
  );
  return exact?.id ?? addedLineId(cart, productId, wantText);
}
