/** Query parameters that only tell analytics where a visitor came from: no page reads them. */
const TRACKING_PARAM =
  /^(utm_[a-z0-9_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * The address a storefront request is rendered and cached under.
 * - One leading slash: `//blog.example.com/cart` (or `/\evil/…`) would otherwise be read as
 *   another host's address, and that host would pass the actions' same-origin checks.
 * - Without tracking parameters (`utm_*`, `fbclid`, `gclid`…): they change nothing on the page,
 *   and keeping each as its own cache entry would let anyone push the popular pages out. The
 *   browser's address keeps them for analytics.
 * Everything else is kept byte for byte, in order.
 */
export function pageUrl(raw: string): string {
  const url = raw.replace(/^[/\\]+/, '/');
  const q = url.indexOf('?');
  if (q === -1) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING_PARAM.test(pair.split('=', 1)[0]!));
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}
