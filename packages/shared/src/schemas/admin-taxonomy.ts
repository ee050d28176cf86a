import { z } from '../zod.ts';
import { messages } from '../messages.ts';
import { identifierText } from './identifier.ts';
import { plainText } from './text.ts';

/**
 * The owner's categories, super categories and collections (issue 26, area `catalog`: owner,
 * manager). Each record has a `version` (also the ETag): send `If-Match: <version>` on edits to be
 * refused with 409 when someone changed it since. Sibling orders are sent whole (every id once),
 * refused with 409 when the siblings changed since. The storefront's listings and menus follow
 * at the commit (the content triggers).
 */

export const adminTaxonomyMessages = {
  categoryNotFound: 'Category not found',
  superCategoryNotFound: 'Super category not found',
  collectionNotFound: 'Collection not found',
  slug: 'A slug is lower-case letters, digits and hyphens, such as linen-shirts',
  categorySlugTaken: 'Another category already uses this slug',
  superSlugTaken: 'Another super category already uses this slug',
  collectionSlugTaken: 'Another collection already uses this slug',
  cycle: 'A category cannot go under itself or under one of its own subcategories',
  unknownParent: 'There is no category with this id to put it under',
  unknownSuper: 'There is no super category with this id',
  cover: 'The cover must be a picture of a product in this category, or none',
  stale: 'This was changed by someone else since you opened it. Reload it and try again',
  ifMatch: 'The If-Match header must be the version you read, such as 3',
  orderChanged: 'The items here changed since you loaded them (added, moved or deleted). Reload and try again',
  orderIds: 'Send every item here exactly once',
  notEmpty: (products: number, children: number) =>
    `This category has ${[
      products ? `${products} product${products === 1 ? '' : 's'}` : '',
      children ? `${children} subcategor${children === 1 ? 'y' : 'ies'}` : '',
    ]
      .filter(Boolean)
      .join(' and ')}. Move them to its parent to delete it`,
  unknownProduct: 'There is no product with this id',
  productTwice: 'Each product only once',
  unknownCollection: 'There is no collection with this slug',
  categoryCreated: 'Category created',
  categorySaved: 'Category saved',
  categoryDeleted: 'Category deleted',
  superCreated: 'Super category created',
  superSaved: 'Super category saved',
  superDeleted: 'Super category deleted',
  collectionCreated: 'Collection created',
  collectionSaved: 'Collection saved',
  collectionDeleted: 'Collection deleted',
  orderSaved: 'Order saved',
} as const;

const text = (max: number, { min = 0, multiline = false } = {}) =>
  plainText(
    z
      .string({ error: messages.required })
      .trim()
      .min(min, { error: messages.required })
      .max(max, { error: messages.maxLength(max) }),
    { multiline },
  );
const optionalText = (max: number) => text(max).transform((v) => v || null);
export const TaxonomySlugSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(120, { error: messages.maxLength(120) })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: adminTaxonomyMessages.slug });
const id = z
  .number({ error: messages.integer })
  .int({ error: messages.integer })
  .min(1, { error: messages.atLeast(1) })
  .max(2_147_483_647, { error: messages.atMost(2_147_483_647) });
export const TaxonomyIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: messages.integer })
    .int({ error: messages.integer })
    .min(1, { error: messages.atLeast(1) })
    .max(2_147_483_647, { error: messages.atMost(2_147_483_647) }),
});

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

const categoryFields = {
  name: text(100, { min: 1 }),
  slug: TaxonomySlugSchema,
  description: text(2000, { multiline: true }),
  /** The category it sits under; null: a top-level category. */
  parent_id: id.nullable(),
  super_category_id: id.nullable(),
  seo_title: optionalText(200).nullable(),
  seo_description: optionalText(500).nullable(),
  /** One of the category's cover choices (pictures of its products), or null. */
  image_path: z.string().max(500).nullable(),
};

export const AdminCategoryCreateSchema = z.object({
  ...categoryFields,
  description: categoryFields.description.default(''),
  parent_id: categoryFields.parent_id.default(null),
  super_category_id: categoryFields.super_category_id.default(null),
  seo_title: categoryFields.seo_title.default(null),
  seo_description: categoryFields.seo_description.default(null),
  image_path: categoryFields.image_path.default(null),
});
export type AdminCategoryCreate = z.output<typeof AdminCategoryCreateSchema>;
/** Only the fields sent change; a new parent_id moves the category (last among its new siblings). */
export const AdminCategoryPatchSchema = z.object(categoryFields).partial();
export type AdminCategoryPatch = z.output<typeof AdminCategoryPatchSchema>;

/** A sibling order: every category under `parent_id` (null: the top level), each once. */
export const AdminCategoryOrderSchema = z.object({
  parent_id: id.nullable(),
  ids: z
    .array(id)
    .min(1, { error: adminTaxonomyMessages.orderIds })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: adminTaxonomyMessages.orderIds }),
});
export type AdminCategoryOrder = z.output<typeof AdminCategoryOrderSchema>;

/** DELETE …/categories/:id?move=parent: its products and subcategories go to its parent first. */
export const AdminCategoryDeleteQuerySchema = z.object({
  move: z.enum(['parent'], { error: 'move must be parent' }).optional(),
});

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  parent_id: z.number().int().nullable(),
  super_category_id: z.number().int().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  image_path: z.string().nullable(),
  position: z.number().int(),
  version: z.number().int(),
  /** 0 for a top-level category. */
  depth: z.number().int(),
  /** "Parent › Child". */
  path: z.string(),
  /** Products directly in it (any status but archived). */
  product_count: z.number().int(),
  child_count: z.number().int(),
  url: z.string(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

/** Every category in tree order (a parent before its children, siblings by position). */
export const AdminCategoryListSchema = z.object({ categories: z.array(AdminCategorySchema) });
export type AdminCategoryList = z.infer<typeof AdminCategoryListSchema>;

/** The pictures a category's cover may be: those of the products in it and below it. */
export const AdminCoverChoicesSchema = z.object({
  choices: z.array(z.object({ path: z.string(), product: z.string() })),
});

// ---------------------------------------------------------------------------------------------
// Super categories
// ---------------------------------------------------------------------------------------------

const superFields = {
  name: text(100, { min: 1 }),
  slug: TaxonomySlugSchema,
  description: text(2000, { multiline: true }),
};
export const AdminSuperCategoryCreateSchema = z.object({
  ...superFields,
  description: superFields.description.default(''),
});
export type AdminSuperCategoryCreate = z.output<typeof AdminSuperCategoryCreateSchema>;
export const AdminSuperCategoryPatchSchema = z.object(superFields).partial();
export type AdminSuperCategoryPatch = z.output<typeof AdminSuperCategoryPatchSchema>;
/** The whole order of the super categories (or of the collections), each id once. */
export const AdminIdOrderSchema = z.object({
  ids: z
    .array(id)
    .min(1, { error: adminTaxonomyMessages.orderIds })
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: adminTaxonomyMessages.orderIds }),
});
export type AdminIdOrder = z.output<typeof AdminIdOrderSchema>;

export const AdminSuperCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  version: z.number().int(),
  category_count: z.number().int(),
  url: z.string(),
});
export type AdminSuperCategory = z.infer<typeof AdminSuperCategorySchema>;
export const AdminSuperCategoryListSchema = z.object({ super_categories: z.array(AdminSuperCategorySchema) });

// ---------------------------------------------------------------------------------------------
// Collections
// ---------------------------------------------------------------------------------------------

const collectionFields = {
  name: text(100, { min: 1 }),
  slug: TaxonomySlugSchema,
  description: text(2000, { multiline: true }),
  seo_title: optionalText(200).nullable(),
  seo_description: optionalText(500).nullable(),
};
export const AdminCollectionCreateSchema = z.object({
  ...collectionFields,
  description: collectionFields.description.default(''),
  seo_title: collectionFields.seo_title.default(null),
  seo_description: collectionFields.seo_description.default(null),
});
export type AdminCollectionCreate = z.output<typeof AdminCollectionCreateSchema>;
export const AdminCollectionPatchSchema = z.object(collectionFields).partial();
export type AdminCollectionPatch = z.output<typeof AdminCollectionPatchSchema>;

/** PUT …/collections/:id/products: the collection's products in their shop order (with If-Match). */
export const AdminCollectionProductsSchema = z.object({
  product_ids: z
    .array(identifierText(64))
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: adminTaxonomyMessages.productTwice }),
});

export const AdminCollectionSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  position: z.number().int(),
  version: z.number().int(),
  product_count: z.number().int(),
  url: z.string(),
});
export type AdminCollectionSummary = z.infer<typeof AdminCollectionSummarySchema>;
export const AdminCollectionListSchema = z.object({ collections: z.array(AdminCollectionSummarySchema) });

export const AdminCollectionSchema = AdminCollectionSummarySchema.extend({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      status: z.string(),
      image: z.string().nullable(),
    }),
  ),
});
export type AdminCollection = z.infer<typeof AdminCollectionSchema>;
