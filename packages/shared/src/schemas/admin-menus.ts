import { z } from '../zod.ts';
import {
  MENU_LABEL_MAX,
  MENU_LINK_TYPES,
  MENU_MAX_ITEMS,
  MENU_NAME_MAX,
  adminMenuMessages as msg,
  type MenuLinkType,
} from '../menu-slots.ts';
import { SAFE_LINK, SECTION_LINK_MESSAGE } from '../link-rule.ts';
import { plainText } from './text.ts';

/**
 * The menu editor (issue 28): the header's and the footer's menus, each saved whole (its name and
 * its item tree) with If-Match. Area `content` (owner, manager, content editor).
 */

const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const notThere: Record<Exclude<MenuLinkType, 'url'>, string> = {
  page: msg.noPage,
  category: msg.noCategory,
  collection: msg.noCollection,
};

const itemFields = {
  label: plainText(z.string().trim().min(1, { error: msg.label }).max(MENU_LABEL_MAX, { error: msg.label })),
  link_type: z.enum(MENU_LINK_TYPES, { error: msg.pickOne }),
  /** The address for `url`; the page's, category's or collection's slug for the others. */
  link: z.string().trim().max(2000),
};
/** An address typed in must be one SECTION_LINK_MESSAGE allows; a slug must look like one. */
const checkLink = (item: { link_type: MenuLinkType; link: string }, ctx: z.RefinementCtx) => {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['link'], message });
  if (item.link_type === 'url') {
    if (!SAFE_LINK.test(item.link)) fail(SECTION_LINK_MESSAGE);
  } else if (!SLUG.test(item.link) || item.link.length > 200) {
    fail(item.link === '' ? msg.pickOne : notThere[item.link_type]);
  }
};

/** A sub-item: the storefront shows no deeper level. */
const SubItemInputSchema = z
  .object({
    ...itemFields,
    children: z
      .array(z.unknown())
      .max(0, { error: 'Sub-items nest one level deep only' })
      .default([])
      .transform((): [] => []),
  })
  .superRefine(checkLink);
export const MenuItemInputSchema = z
  .object({ ...itemFields, children: z.array(SubItemInputSchema).max(MENU_MAX_ITEMS).default([]) })
  .superRefine(checkLink);
export type MenuItemInput = z.input<typeof MenuItemInputSchema>;
export type MenuItemValue = z.output<typeof MenuItemInputSchema>;

/** /api/admin/menus/:id */
export const AdminMenuParamsSchema = z.object({
  id: z.string().regex(SLUG, { error: msg.notFound }).max(100, { error: msg.notFound }),
});

/** PUT /api/admin/menus/:id: the menu's name and its whole item tree, in order. */
export const AdminMenuBodySchema = z.object({
  name: plainText(z.string().trim().min(1, { error: msg.name }).max(MENU_NAME_MAX, { error: msg.name })),
  items: z
    .array(MenuItemInputSchema)
    .max(MENU_MAX_ITEMS, { error: msg.tooMany })
    .refine((list) => list.reduce((n, i) => n + 1 + i.children.length, 0) <= MENU_MAX_ITEMS, {
      error: msg.tooMany,
    }),
});
export type AdminMenuBody = z.input<typeof AdminMenuBodySchema>;

const slotFields = {
  id: z.string(),
  name: z.string(),
  /** Where the storefront shows it. */
  place: z.string(),
  description: z.string(),
  /** 2: items with sub-items (the header); 1: a flat list (a footer column). */
  max_depth: z.number().int(),
  /** Goes up with every save: send it as If-Match. 0: the shop has no such menu yet (the first save makes it). */
  version: z.number().int(),
  updated_at: z.string().nullable(),
};

export const AdminMenuRowSchema = z.object({ ...slotFields, item_count: z.number().int() });
export type AdminMenuRow = z.infer<typeof AdminMenuRowSchema>;
export const AdminMenuListSchema = z.object({ menus: z.array(AdminMenuRowSchema) });
export type AdminMenuList = z.infer<typeof AdminMenuListSchema>;

const itemOut = {
  label: z.string(),
  link_type: z.enum(MENU_LINK_TYPES),
  link: z.string(),
  /** Where it leads now (a page, category or collection's current address). */
  url: z.string(),
};
const AdminMenuSubItemSchema = z.object({ ...itemOut, children: z.array(z.never()) });
export const AdminMenuItemSchema = z.object({ ...itemOut, children: z.array(AdminMenuSubItemSchema) });
export type AdminMenuItem = z.infer<typeof AdminMenuItemSchema>;

/** GET /api/admin/menus/:id: the menu as a tree. */
export const AdminMenuSchema = z.object({ ...slotFields, items: z.array(AdminMenuItemSchema) });
export type AdminMenu = z.infer<typeof AdminMenuSchema>;

/** What the link picker offers: the shop's published pages, categories and collections. */
export const AdminMenuChoicesSchema = z.object({
  pages: z.array(z.object({ slug: z.string(), name: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  collections: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AdminMenuChoices = z.infer<typeof AdminMenuChoicesSchema>;
