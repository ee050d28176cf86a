import { z } from '../zod.ts';
import { CategoryNodeSchema, CollectionListSchema, SuperCategoryGroupSchema } from './catalog.ts';
import { ChannelListSchema } from './channels.ts';
import { MenuSchema } from './content.ts';
import { InitialValuesSchema } from './storefront.ts';

/** At most this many menus in one shell answer. */
export const SHELL_MAX_MENUS = 5;

/** GET /api/storefront/shell: `menus` names the menus the shell shows, comma separated. */
export const ShellQuerySchema = z.object({
  menus: z
    .string()
    .max(300)
    .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, { error: 'The selected menus are invalid' })
    .refine((v) => v.split(',').length <= SHELL_MAX_MENUS, { error: `At most ${SHELL_MAX_MENUS} menus` })
    .optional()
    .describe(`Menu slugs, comma separated (at most ${SHELL_MAX_MENUS})`),
});

/** Every category and collection, for the header's categories menu and the mobile menu. */
export const ShellNavigationSchema = z.object({
  categories: z.array(CategoryNodeSchema),
  super_categories: z.array(SuperCategoryGroupSchema),
  collections: CollectionListSchema.shape.collections,
});

/**
 * The storefront shell in one answer (ADR 28): the initial values, the asked menus (null for one
 * that does not exist), the channel picker's list (null unless a shopper may pick one) and the
 * navigation. Everything but `account` and `access` is the same for every visitor of a channel
 * and is kept per process until the content changes.
 */
export const ShellSchema = InitialValuesSchema.extend({
  menus: z.record(z.string(), MenuSchema.nullable()),
  channels: ChannelListSchema.nullable(),
  navigation: ShellNavigationSchema,
});
export type Shell = z.infer<typeof ShellSchema>;
