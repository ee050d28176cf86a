import type { MetaDescriptor } from 'react-router';
import { shopMeta } from '../../lib/meta';
import type { ShopData } from '../../lib/shop';

/** The meta tags of a closed shop's page: the shop's own, with robots told `noindex` and nothing else. */
export function closedMeta(shop: ShopData | undefined, title: string): MetaDescriptor[] {
  return [
    ...shopMeta(shop, { title }).filter((tag) => !('name' in tag && tag.name === 'robots')),
    { name: 'robots', content: 'noindex' },
  ];
}

/** A special page's response headers: the loader's (noindex, 503 + Retry-After), or the action's. */
export function closedHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => headers.set(key, value));
  headers.set('X-Robots-Tag', 'noindex');
  return headers;
}
