/**
 * Icon for a shop that has not uploaded a favicon: its initial on the primary colour. Without
 * any icon link the browser asks for /favicon.ico, which is a 404 page here.
 */
export function initialFavicon(storeName: string, colour: string): string {
  const initial = (storeName.trim()[0] ?? 'S').toUpperCase().replace(/[^\p{L}\p{N}]/u, 'S');
  const fill = /^#[0-9a-f]{3,8}$/i.test(colour) ? colour : '#1f2937';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${fill}"/><text x="32" y="44" font-family="Georgia,serif" font-size="36" font-weight="700" text-anchor="middle" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
