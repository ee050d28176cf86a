/** Paths that only make sense for one shopper (their cart, account, a search): never crawled. */
const PRIVATE_PATHS = ['/search', '/cart', '/checkout', '/account', '/resources/', '/api/'];

/**
 * robots.txt for the storefront's enable_indexing setting: everything disallowed while it is off
 * (or the shop is not live); otherwise open, minus private paths, with the sitemap's address.
 */
export function robotsTxt({ indexing, host }: { indexing: boolean; host: string }): string {
  if (!indexing) return ['User-agent: *', 'Disallow: /', ''].join('\n');
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${host}/sitemap.xml`,
    '',
  ].join('\n');
}
