import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { ProductCardSchema } from './catalog.ts';
import { isPlainText } from './text.ts';

/** How many products one wishlist keeps. */
export const MAX_WISHLIST_ITEMS = 200;

/** Texts of the wishlist that the spec leaves to us. */
export const wishlistMessages = {
  added: 'Added to your wishlist',
  removed: 'Removed from your wishlist',
  productNotFound: 'Product not found',
  full: `Your wishlist can hold up to ${MAX_WISHLIST_ITEMS} products. Remove one to add another`,
  variantNotFound: "This option is not one of the product's",
} as const;

const idField = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(64, { error: messages.maxLength(64) })
    .refine((v) => isPlainText(v), { error: messages.fallback });

/** POST /api/wishlist/add and DELETE /api/wishlist/remove (spec section 7): `product_id`. */
export const WishlistBodySchema = z.object({
  product_id: idField(),
  /** Add only: the option chosen on the product page, moved to the cart later (a product with one option needs none). */
  variant_id: idField().optional(),
});
export type WishlistBody = z.input<typeof WishlistBodySchema>;

/** One saved product: spec section 3 "Wishlist entry: product.id", with the card the grids show. */
export const WishlistItemSchema = z.object({
  product_id: z.string(),
  added_at: z.string(),
  product: ProductCardSchema,
  /** The saved option (Move to cart moves this one); null when the product was saved without one. */
  variant: z.object({ id: z.string(), title: z.string(), options: z.record(z.string(), z.string()) }).nullable(),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

/** GET /api/wishlist/get: newest first; products no longer on sale are left out. */
export const WishlistSchema = z.object({
  items: z.array(WishlistItemSchema),
  total: z.number().int(),
});
export type Wishlist = z.infer<typeof WishlistSchema>;

/** Answer of add and remove: the product concerned and how many the wishlist now holds. */
export const WishlistChangeSchema = z.object({
  product_id: z.string(),
  in_wishlist: z.boolean(),
  total: z.number().int(),
});
export type WishlistChange = z.infer<typeof WishlistChangeSchema>;
