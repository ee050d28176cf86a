import type { MetaDescriptor } from 'react-router';
import type { ShopData } from './shop';

interface PageMeta {
  /** Page title; the store name is appended. Omitted: the storefront's own meta title. */
  title?: string | null;
  description?: string | null;
  /** Path (with any query that changes the content) of the page's canonical URL. */
  canonical?: string;
  /** Image for social previews; a /media path or an absolute URL. */
  image?: string | null;
  /** Open Graph type: website (default), product or article. */
  type?: 'website' | 'product' | 'article';
  /** Keep this page out of search indexes (search results, filtered listings). */
  noindex?: boolean;
}

/** An absolute URL on this shop for a path (or the URL unchanged when it already is one). */
export function absoluteUrl(shop: ShopData | undefined, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${shop?.host ?? ''}${path}`;
}

/** Root loader data as meta functions see it (matches carry every route's loader data). */
export function rootDataFrom(matches: readonly unknown[]): ShopData | undefined {
  const root = matches.find((m) => (m as { id?: string } | undefined)?.id === 'root') as
    { loaderData?: ShopData } | undefined;
  return root?.loaderData;
}

/**
 * Title, description and the site-wide tags every page needs. React Router renders only the
 * deepest route's meta, so each route builds its full set through this one function.
 */
export function shopMeta(shop: ShopData | undefined, page: PageMeta = {}): MetaDescriptor[] {
  if (!shop) return [{ title: page.title ?? 'Shop' }];
  const sf = shop.storefront;
  const name = shop.settings.store_name || sf.name;
  const title = page.title ? `${page.title} | ${name}` : sf.meta.title || name;
  const description = page.description || sf.meta.description;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: name },
    { property: 'og:title', content: page.title ?? (sf.meta.title || name) },
    { property: 'og:description', content: description },
    { property: 'og:type', content: page.type ?? 'website' },
    { name: 'twitter:card', content: page.image || sf.social_sharing_image ? 'summary_large_image' : 'summary' },
  ];
  if (sf.meta.keywords) tags.push({ name: 'keywords', content: sf.meta.keywords });
  if (page.canonical !== undefined) {
    const url = absoluteUrl(shop, page.canonical);
    tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url });
  }
  const image = page.image || sf.social_sharing_image;
  if (image) tags.push({ property: 'og:image', content: absoluteUrl(shop, image) });
  if (!sf.enable_indexing) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  else if (page.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  return tags;
}

/**
 * The meta of a page whose URL carries a secret token (a reset link, a cart restore link, a
 * newsletter confirm or unsubscribe link): the shop's tags with its title, never indexed, and no
 * Referer, so the token never leaks to another site.
 */
export function tokenPageMeta(matches: readonly unknown[], title: string): MetaDescriptor[] {
  return [
    ...shopMeta(rootDataFrom(matches), { title }),
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}
