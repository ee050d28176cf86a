import type { MetaDescriptor } from 'react-router';
import type { ShopData } from './shop';

interface PageMeta {
  /** Page title; the store name is appended. Omitted: the storefront's own meta title. */
  title?: string | null;
  description?: string | null;
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
    { property: 'og:type', content: 'website' },
    { name: 'twitter:card', content: sf.social_sharing_image ? 'summary_large_image' : 'summary' },
  ];
  if (sf.meta.keywords) tags.push({ name: 'keywords', content: sf.meta.keywords });
  if (sf.social_sharing_image) {
    const image = sf.social_sharing_image.startsWith('/')
      ? `${shop.host}${sf.social_sharing_image}`
      : sf.social_sharing_image;
    tags.push({ property: 'og:image', content: image });
  }
  if (!sf.enable_indexing) tags.push({ name: 'robots', content: 'noindex, nofollow' });
  return tags;
}
