/**
 * True for a form posted from another site. The storefront's actions call the API in-process,
 * so the API's own Origin check never sees the browser's request: an action that changes
 * something personal (the cart) asks here first. Browsers send Origin on every POST, and
 * Sec-Fetch-Site where they support it.
 */
export function isCrossSite(request: Request): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
