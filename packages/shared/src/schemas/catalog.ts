import { z } from 'zod';
import { MoneySchema } from '../money.ts';
import { ImageRefSchema } from './storefront.ts';
import { messages } from '../messages.ts';

export const ProductCardSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  image: ImageRefSchema.nullable(),
  price: MoneySchema,
  mrp: MoneySchema.nullable(),
  discount_percent: z.number().int(),
  in_stock: z.boolean(),
});
export type ProductCard = z.infer<typeof ProductCardSchema>;

export const PRODUCT_GRID_SOURCES = ['latest', 'featured'] as const;
export const PRODUCT_GRID_MAX_ITEMS = 48;

/** POST /api/product/product-grid: `items` is how many products, `source` which list. An empty body takes the defaults. */
export const ProductGridBodySchema = z.preprocess(
  (v) => v ?? {},
  z
  .object({
    items: z
      .number({ error: messages.numeric })
      .int({ error: messages.integer })
      .min(1, { error: 'The value must be at least 1' })
      .max(PRODUCT_GRID_MAX_ITEMS, { error: `The value may not be greater than ${PRODUCT_GRID_MAX_ITEMS}` })
      .default(8),
    source: z.enum(PRODUCT_GRID_SOURCES, { error: messages.fallback }).default('latest'),
  })
  .strict(),
);
/** What a client may send; both fields optional. */
export type ProductGridBody = { items?: number; source?: (typeof PRODUCT_GRID_SOURCES)[number] };
export type ProductGridQuery = z.output<typeof ProductGridBodySchema>;

export const ProductGridSchema = z.object({ source: z.enum(PRODUCT_GRID_SOURCES), products: z.array(ProductCardSchema) });
export type ProductGrid = z.infer<typeof ProductGridSchema>;
