import { z } from 'zod';
import { ImageRefSchema } from './storefront.ts';

export interface MenuItem {
  id: number;
  label: string;
  url: string;
  children: MenuItem[];
}
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ id: z.number().int(), label: z.string(), url: z.string(), children: z.array(MenuItemSchema) }),
);
export const MenuSchema = z.object({ id: z.string(), name: z.string(), items: z.array(MenuItemSchema) });
export type Menu = z.infer<typeof MenuSchema>;

export const SlideSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  image: ImageRefSchema,
  link_url: z.string().nullable(),
  link_text: z.string().nullable(),
});
export const SliderSchema = z.object({ id: z.string(), name: z.string(), slides: z.array(SlideSchema) });
export type Slider = z.infer<typeof SliderSchema>;

export const PageBlockSchema = z.object({
  type: z.enum(['heading', 'paragraph']),
  text: z.string(),
});
export const PageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  parent_slug: z.string().nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  blocks: z.array(PageBlockSchema),
});
export type Page = z.infer<typeof PageSchema>;

/** Content ids and slugs: lower-case words joined by hyphens, slashes for nested pages. */
export const SlugParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/, { error: 'This field is not valid' }),
});
