/**
 * The menus the storefront shows (issue 28; a module without zod, as staff-roles.ts, so the
 * panel's tree logic costs no schema code). The shell asks for exactly these ids: the header's
 * menu (also the phone's menu drawer) nests one level of sub-items; each footer column is a flat
 * list under its name.
 */
export const MENU_SLOTS = [
  {
    id: 'main-menu',
    place: 'Header',
    description: 'The bar at the top of every page, and the menu drawer on phones',
    default_name: 'Main menu',
    max_depth: 2,
  },
  {
    id: 'footer-shop',
    place: 'Footer column 1',
    description: 'The first list of links in the footer, under its name',
    default_name: 'Shop',
    max_depth: 1,
  },
  {
    id: 'footer-help',
    place: 'Footer column 2',
    description: 'The second list of links in the footer, under its name',
    default_name: 'Help',
    max_depth: 1,
  },
] as const;
export type MenuSlot = (typeof MENU_SLOTS)[number];
export type MenuSlotId = MenuSlot['id'];

export const menuSlot = (id: string): MenuSlot | undefined => MENU_SLOTS.find((s) => s.id === id);

/** The most items (at every level together) one menu holds. */
export const MENU_MAX_ITEMS = 100;
export const MENU_LABEL_MAX = 60;
export const MENU_NAME_MAX = 60;

/** What an item links to: an address typed in, or a page, category or collection of the shop (by slug). */
export const MENU_LINK_TYPES = ['url', 'page', 'category', 'collection'] as const;
export type MenuLinkType = (typeof MENU_LINK_TYPES)[number];

/** The storefront address an item leads to: the typed one, or the page's, category's or collection's. */
export function menuLinkPath(link_type: MenuLinkType, link: string): string {
  switch (link_type) {
    case 'url':
      return link;
    case 'page':
      return `/${link}`;
    case 'category':
      return `/product-category/${link}`;
    case 'collection':
      return `/product-collection/${link}`;
  }
}

export const adminMenuMessages = {
  notFound: 'Menu not found',
  ifMatch: 'If-Match must be the version of the menu you read',
  stale: 'Someone else changed this menu since you opened it. Below is what differs: take theirs, or keep yours',
  saved: 'Menu saved: shoppers see it now',
  label: `Give the item a label of 1 to ${MENU_LABEL_MAX} characters`,
  name: `Give the menu a name of 1 to ${MENU_NAME_MAX} characters`,
  tooMany: `A menu holds at most ${MENU_MAX_ITEMS} items`,
  tooDeep: (slot: MenuSlot) =>
    slot.max_depth === 1 ? `${slot.place} takes no sub-items` : `${slot.place} nests sub-items one level deep only`,
  noPage: 'There is no page with this address',
  noCategory: 'There is no category with this address',
  noCollection: 'There is no collection with this address',
  pickOne: 'Choose what the item links to',
} as const;
