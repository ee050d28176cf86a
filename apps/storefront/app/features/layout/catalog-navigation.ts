import type { CategoryNode } from '@shopfront/shared';
import type { ShopData } from '../../lib/shop';

export interface NavLinkItem {
  label: string;
  url: string;
  /** 0 for a top-level category, 1 for its subcategory, and so on. */
  depth: number;
}

/** One column of the Shop menu (desktop) or one section of the mobile menu. */
export interface NavGroup {
  key: string;
  title: string;
  /** The group's own page (a super category, the collections' shop page), if it has one. */
  url: string | null;
  links: NavLinkItem[];
}

function flatten(nodes: CategoryNode[], depth = 0): NavLinkItem[] {
  return nodes.flatMap((node) => [{ label: node.name, url: node.url, depth }, ...flatten(node.children, depth + 1)]);
}

/**
 * The catalogue as menu groups, from the root loader's navigation data: one group per super
 * category (its categories and their subcategories), one for categories outside any super
 * category, and one for the collections. Every category and collection appears once.
 */
export function catalogNavGroups(navigation: ShopData['navigation']): NavGroup[] {
  const grouped = new Set(navigation.superCategories.flatMap((s) => s.categories.map((c) => c.id)));
  const groups: NavGroup[] = navigation.superCategories
    .filter((s) => s.categories.length > 0)
    .map((s) => ({ key: `super-${s.slug}`, title: s.name, url: s.url, links: flatten(s.categories) }));
  const loose = navigation.categories.filter((c) => !grouped.has(c.id));
  if (loose.length) {
    groups.push({
      key: 'categories',
      title: groups.length ? 'More categories' : 'Categories',
      url: null,
      links: flatten(loose),
    });
  }
  if (navigation.collections.length) {
    groups.push({
      key: 'collections',
      title: 'Collections',
      url: null,
      links: navigation.collections.map((c) => ({ label: c.name, url: c.url, depth: 0 })),
    });
  }
  return groups;
}

/** The menu item that opens the catalogue menu: the one leading to the shop-all listing. */
export function isShopAllUrl(url: string): boolean {
  return /^\/shop-online\/?(?:[?#].*)?$/.test(url);
}
