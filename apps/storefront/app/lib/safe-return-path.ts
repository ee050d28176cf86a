/** Where a missing or foreign return path leads instead. */
export const FALLBACK_RETURN_PATH = '/shop-online';
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Only a path on this shop: never an open redirect. Browsers drop tabs and newlines from URLs
 * (`/\t/evil.example` becomes `//evil.example`) and read `\` as `/`, so the value is resolved
 * the way a browser would and must land on our own origin; what is sent back is the resolved,
 * percent-encoded path, which also keeps the Location header plain ASCII.
 */
export function safeReturnPath(value: FormDataEntryValue | null, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || CONTROL_CHARS.test(value)) return FALLBACK_RETURN_PATH;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return FALLBACK_RETURN_PATH;
  }
  // `/.//evil.example` resolves on our origin to the path `//evil.example`, which a browser
  // given it as a Location reads as another host.
  if (target.origin !== origin || target.pathname.startsWith('//')) return FALLBACK_RETURN_PATH;
  return `${target.pathname}${target.search}${target.hash}`;
}
