/** Query parameters that only tell analytics where a visitor came from: no page reads them. */
const TRACKING_PARAM =
  /^(utm_[a-z0-9_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl)$/i;

/**
 * The address a storefront request is rendered and cached under: a path and query only.
 * - One leading slash: `//blog.example.com/cart` (or `/\evil/…`) would otherwise be read as
 *   another host's address, and that host would pass the actions' same-origin checks. An
 *   absolute-form request line (`POST http://other.host/cart`) keeps only its path and query.
 * - Without tracking parameters (`utm_*`, `fbclid`, `gclid`…): they change nothing on the page,
 *   so a campaign's visitors share the page everyone gets instead of each being a cache miss.
 *   The browser's address keeps them for analytics. (Other unknown parameters still make
 *   entries of their own; the LRU bound, PAGE_CACHE_MB, holds them in check.)
 * Everything else is kept byte for byte, in order.
 */
export function pageUrl(raw: string): string {
  const url = /^[/\\]/.test(raw) ? raw.replace(/^[/\\]+/, '/') : pathAndQuery(raw);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((pair) => pair !== '' && !TRACKING_PARAM.test(pair.split('=', 1)[0]!));
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

/** The path and query of an absolute-form request target, or `/` for anything else (`*`). */
function pathAndQuery(target: string): string {
  try {
    const u = new URL(target);
    return `${u.pathname}${u.search}`;
  } catch {
    return '/';
  }
}
